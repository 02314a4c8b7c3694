import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExploreResponse, GalleryImagesResponse } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { getOwnedInputImage } from '../images/index.js';
import { createGeneratedImage, createImagesUser, makeJpeg, uploadInput, type ImagesTestUser } from '../images/images.test-helpers.js';

// Explore shows only what owners shared, to everyone, and stops at once when they take it back.
// Every gallery action checks ownership: another user's id is a 404, never a 403.

describe('gallery privacy, Explore and ownership', () => {
  let t: TestApp;
  let ada: ImagesTestUser;
  let bob: ImagesTestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ada = await createImagesUser(t.app, 'Ada Architect');
    bob = await createImagesUser(t.app, 'Bob Builder');
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, user?: ImagesTestUser, payload?: unknown) =>
    t.app.inject({ method, url, headers: user?.headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const setPublic = (user: ImagesTestUser, id: number, isPublic: boolean) =>
    inject('PUT', `/api/gallery/images/${id}/visibility`, user, { isPublic });
  const explore = async (user?: ImagesTestUser, query = '') => {
    const res = await inject('GET', `/api/explore/images${query}`, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ExploreResponse;
  };

  it('keeps a private image off Explore: 404 for visitors and other users, absent from the list', async () => {
    const img = await createGeneratedImage(t.app, ada.id);
    for (const variant of ['thumbnail', 'full']) {
      expect((await inject('GET', `/api/explore/images/${img.id}/${variant}`)).statusCode).toBe(404);
      expect((await inject('GET', `/api/explore/images/${img.id}/${variant}`, bob)).statusCode).toBe(404);
      // Not even its owner gets it through the public route.
      expect((await inject('GET', `/api/explore/images/${img.id}/${variant}`, ada)).statusCode).toBe(404);
    }
    expect((await explore()).images.map((i) => i.id)).not.toContain(img.id);
    // A 404 for a private image reads exactly like one for an id that never existed.
    const missing = await inject('GET', '/api/explore/images/999999/full');
    const hidden = await inject('GET', `/api/explore/images/${img.id}/full`);
    expect(hidden.json()).toEqual(missing.json());
  });

  it('shows a public image to everyone with its owner’s name, serves its files, and hides it again at once', async () => {
    const img = await createGeneratedImage(t.app, ada.id);
    const shared = await setPublic(ada, img.id, true);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ id: img.id, isPublic: true, publishedAt: expect.any(String), publicUrl: `/api/explore/images/${img.id}/full` });

    const visitorView = await explore();
    const entry = visitorView.images.find((i) => i.id === img.id);
    expect(entry).toMatchObject({ ownerName: 'Ada', isMine: false, thumbnailUrl: `/api/explore/images/${img.id}/thumbnail` });
    expect((await explore(ada)).images.find((i) => i.id === img.id)?.isMine).toBe(true);
    expect((await explore(bob)).images.find((i) => i.id === img.id)?.isMine).toBe(false);

    const thumb = await inject('GET', `/api/explore/images/${img.id}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('public, no-cache');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(400);
    const full = await inject('GET', `/api/explore/images/${img.id}/full`, bob);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    // A browser revalidating its copy gets a 304 while the image stays public…
    const etag = String(full.headers.etag);
    const again = await t.app.inject({ method: 'GET', url: `/api/explore/images/${img.id}/full`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    // …and a 404 as soon as the owner makes it private.
    expect((await setPublic(ada, img.id, false)).json()).toMatchObject({ isPublic: false, publishedAt: null, publicUrl: null });
    const revoked = await t.app.inject({ method: 'GET', url: `/api/explore/images/${img.id}/full`, headers: { 'if-none-match': etag } });
    expect(revoked.statusCode).toBe(404);
    expect((await inject('GET', `/api/explore/images/${img.id}/thumbnail`)).statusCode).toBe(404);
    expect((await explore()).images.map((i) => i.id)).not.toContain(img.id);
  });

  it('keeps the first publication time when an image is shared twice', async () => {
    const img = await createGeneratedImage(t.app, ada.id);
    const first = (await setPublic(ada, img.id, true)).json();
    const second = (await setPublic(ada, img.id, true)).json();
    expect(second.publishedAt).toBe(first.publishedAt);
  });

  it('refuses to share an image that is not completed', async () => {
    const img = await createGeneratedImage(t.app, ada.id, { status: 'PROCESSING' });
    const res = await setPublic(ada, img.id, true);
    expect(res.statusCode).toBe(409);
  });

  it('answers 404 for every action on another user’s image, and changes nothing', async () => {
    const img = await createGeneratedImage(t.app, ada.id);
    expect((await setPublic(bob, img.id, true)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/gallery/images/${img.id}`, bob)).statusCode).toBe(404);
    expect((await inject('POST', `/api/gallery/images/${img.id}/open-in-create`, bob)).statusCode).toBe(404);
    expect((await inject('GET', `/api/images/download/generated/${img.id}`, bob)).statusCode).toBe(404);
    // Bob's gallery never lists it.
    const bobs = (await inject('GET', '/api/gallery/images?tz=UTC&from=2000-01-01&to=2100-12-31', bob)).json() as GalleryImagesResponse;
    expect(bobs.images.map((i) => i.id)).not.toContain(img.id);
    // Still Ada's, still private, still there.
    const adas = (await inject('GET', '/api/gallery/images?tz=UTC&from=2000-01-01&to=2100-12-31', ada)).json() as GalleryImagesResponse;
    expect(adas.images.find((i) => i.id === img.id)).toMatchObject({ isPublic: false });
  });

  it('needs a signed-in owner for the gallery actions', async () => {
    const img = await createGeneratedImage(t.app, ada.id);
    expect((await setPublic(undefined as unknown as ImagesTestUser, img.id, true)).statusCode).toBe(401);
    expect((await inject('DELETE', `/api/gallery/images/${img.id}`)).statusCode).toBe(401);
    expect((await inject('POST', `/api/gallery/images/${img.id}/open-in-create`)).statusCode).toBe(401);
  });

  it('deletes softly: the image leaves the gallery and Explore at once, and a second delete is a 404', async () => {
    const img = await createGeneratedImage(t.app, ada.id);
    await setPublic(ada, img.id, true);
    const res = await inject('DELETE', `/api/gallery/images/${img.id}`, ada);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, id: img.id });
    expect((await inject('GET', `/api/explore/images/${img.id}/full`)).statusCode).toBe(404);
    expect((await explore()).images.map((i) => i.id)).not.toContain(img.id);
    const list = (await inject('GET', '/api/gallery/images?tz=UTC&from=2000-01-01&to=2100-12-31', ada)).json() as GalleryImagesResponse;
    expect(list.images.map((i) => i.id)).not.toContain(img.id);
    expect((await inject('DELETE', `/api/gallery/images/${img.id}`, ada)).statusCode).toBe(404);
    expect((await setPublic(ada, img.id, true)).statusCode).toBe(404);
  });

  it('opens an image in Create with its own input image, or a new input copied from it', async () => {
    const upload = await uploadInput(t.app, ada, { data: await makeJpeg(320, 240), filename: 'site.jpg', contentType: 'image/jpeg' });
    const inputId = upload.json().id as number;
    const withInput = await createGeneratedImage(t.app, ada.id, { inputImageId: inputId });
    const res = await inject('POST', `/api/gallery/images/${withInput.id}/open-in-create`, ada);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ inputImageId: inputId, created: false });

    const orphan = await createGeneratedImage(t.app, ada.id, { inputImageId: null });
    const copied = await inject('POST', `/api/gallery/images/${orphan.id}/open-in-create`, ada);
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().created).toBe(true);
    const row = await getOwnedInputImage(t.app.ctx.db, ada.id, copied.json().inputImageId);
    expect(row).toMatchObject({ uploadSource: 'CREATE_MODULE', sourceGeneratedImageId: orphan.id, width: 640, height: 480 });
  });

  it('uses a public image as input for another signed-in user by copying its bytes, and refuses private ones', async () => {
    const img = await createGeneratedImage(t.app, ada.id);
    expect((await inject('POST', `/api/explore/images/${img.id}/use-as-input`, bob)).statusCode).toBe(404);
    await setPublic(ada, img.id, true);
    expect((await inject('POST', `/api/explore/images/${img.id}/use-as-input`)).statusCode).toBe(401);
    const res = await inject('POST', `/api/explore/images/${img.id}/use-as-input`, bob);
    expect(res.statusCode, res.body).toBe(201);
    const input = await getOwnedInputImage(t.app.ctx.db, bob.id, res.json().inputImageId);
    expect(input).toMatchObject({ userId: bob.id, uploadSource: 'CREATE_MODULE', width: 640, height: 480, sourceGeneratedImageId: null });
    // Ada cannot reach Bob's copy.
    await expect(getOwnedInputImage(t.app.ctx.db, ada.id, input.id)).rejects.toMatchObject({ status: 404 });
  });

  it('pages Explore newest shared first with a cursor, without repeats, for visitors too', async () => {
    const carol = await createImagesUser(t.app, 'Carol Planner');
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const img = await createGeneratedImage(t.app, carol.id);
      await setPublic(carol, img.id, true);
      ids.push(img.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: ExploreResponse = await explore(undefined, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.images.length).toBeLessThanOrEqual(2);
      seen.push(...page.images.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    // Newest shared first: Carol's five, last shared on top.
    expect(seen.slice(0, 5)).toEqual([...ids].reverse());
    expect((await inject('GET', '/api/explore/images?cursor=nonsense')).statusCode).toBe(400);
  });

  it('ignores a bad token on the public list instead of answering 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/explore/images', headers: { authorization: 'Bearer not-a-token' } });
    expect(res.statusCode).toBe(200);
  });
});
