import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from 'radix-ui';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageStrip, type StripItem, type StripSection } from './ImageStrip';

const idle = { uploading: false, progress: 0, error: null };

function items(count: number, selected = -1, from = 0): StripItem[] {
  return Array.from({ length: count }, (_, i) => ({
    key: String(from + i),
    url: `/thumb/${from + i}.jpg`,
    label: `Image ${from + i}`,
    selected: from + i === selected,
    onSelect: () => undefined,
  }));
}

function strip(sections: StripSection[], paging: { hasMore?: boolean; loadingMore?: boolean; onLoadMore?: () => void } = {}) {
  const element = (s: StripSection[], p: typeof paging) => (
    <Tooltip.Provider>
      <ImageStrip ariaLabel="Images" uploadHint="Upload" onUploadClick={() => undefined} upload={idle} sections={s} loading={false} error={null} {...p} />
    </Tooltip.Provider>
  );
  const utils = render(element(sections, paging));
  return { ...utils, rerender: (s: StripSection[], p: typeof paging) => utils.rerender(element(s, p)) };
}

const scroller = () => document.querySelector('[data-strip-scroll]') as HTMLElement;
const list = () => within(screen.getByRole('navigation', { name: 'Images' })).getByRole('list');
const thumbs = () => within(list()).queryAllByRole('button', { name: /^Image \d+$/ });
async function scrollTo(top: number) {
  await act(async () => {
    scroller().scrollTop = top;
    fireEvent.scroll(scroller());
  });
}
/** How far down the list's last rows are: its height less the window's (the strip's fallback height in jsdom). */
const bottom = () => parseFloat(list().style.height) - window.innerHeight;

describe('the workspace image strip', () => {
  // jsdom has no layout and scrolls nothing itself: the scroll area's content height is its list's
  // height, and scrollTo sets the offset and fires scroll, as a browser does.
  const saved = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollTo');
  beforeEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.hasAttribute('data-strip-scroll') ? parseFloat((this.firstElementChild as HTMLElement).style.height) : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', {
      configurable: true,
      value(this: HTMLElement, options: ScrollToOptions) {
        this.scrollTop = options.top ?? this.scrollTop;
        this.dispatchEvent(new Event('scroll'));
      },
    });
  });
  afterEach(() => {
    delete (HTMLElement.prototype as { scrollHeight?: unknown }).scrollHeight;
    if (saved) Object.defineProperty(HTMLElement.prototype, 'scrollTo', saved);
    else delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo;
  });

  it('renders only a window of a long list, sized for all of it, and moves the window as it scrolls', async () => {
    strip([{ key: 'all', items: items(1000) }]);
    const first = thumbs();
    // The window's height (768 px in jsdom) holds about 13 thumbnails of 58 px, plus a few either side.
    expect(first.length).toBeGreaterThan(8);
    expect(first.length).toBeLessThan(30);
    expect(first[0]).toHaveAccessibleName('Image 0');
    expect(parseFloat(list().style.height)).toBeGreaterThanOrEqual(1000 * 58);
    expect(first[0].closest('li')).toHaveAttribute('aria-setsize', '1000');

    await scrollTo(500 * 58);
    const middle = thumbs().map((t) => t.getAttribute('aria-label'));
    expect(middle).toContain('Image 505');
    expect(middle).not.toContain('Image 0');
    expect(middle.length).toBeLessThan(30);

    await scrollTo(bottom());
    expect(thumbs().at(-1)).toHaveAccessibleName('Image 999');
    expect(document.querySelectorAll('img').length).toBeLessThan(30);
  });

  it('loads the next page when scrolled near the end, once per page, and not while one is on its way', async () => {
    const onLoadMore = vi.fn();
    const view = strip([{ key: 'all', items: items(50) }], { hasMore: true, onLoadMore });
    expect(onLoadMore).not.toHaveBeenCalled();

    await scrollTo(bottom());
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    // The page is on its way, then it failed: the list is unchanged, so it is not asked for again by itself.
    view.rerender([{ key: 'all', items: items(50) }], { hasMore: true, loadingMore: true, onLoadMore });
    view.rerender([{ key: 'all', items: items(50) }], { hasMore: true, loadingMore: false, onLoadMore });
    await scrollTo(bottom() - 10);
    expect(onLoadMore).toHaveBeenCalledTimes(1);

    // The next page came: the window is not near the new end, until it is scrolled there.
    view.rerender([{ key: 'all', items: [...items(50), ...items(50, -1, 50)] }], { hasMore: true, onLoadMore });
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    await scrollTo(bottom());
    expect(onLoadMore).toHaveBeenCalledTimes(2);
    expect(thumbs().at(-1)).toHaveAccessibleName('Image 99');

    // The last page: nothing more to ask for, and no More button.
    view.rerender([{ key: 'all', items: items(100) }], { hasMore: false, onLoadMore });
    await scrollTo(bottom());
    expect(onLoadMore).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Load more images' })).not.toBeInTheDocument();
  });

  it('keeps a More button at the end that loads the next page from the keyboard', async () => {
    const onLoadMore = vi.fn();
    const view = strip([{ key: 'all', items: items(3) }], { hasMore: true, loadingMore: true, onLoadMore });
    const more = screen.getByRole('button', { name: 'Load more images' });
    expect(more).toBeDisabled();
    view.rerender([{ key: 'all', items: items(3) }], { hasMore: true, onLoadMore });
    // A short list is near its end at once: the next page is asked for by itself…
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    // …and again from the keyboard, e.g. after that page failed.
    screen.getByRole('button', { name: 'Load more images' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('shows the sections with their headings, the selection, the mark and the badges, and selects on click', async () => {
    const onSelect = vi.fn();
    strip([
      { key: 'renders', label: 'Renders', items: [{ key: 'g1', url: null, label: 'Render 1', selected: true, badge: 'Render', onSelect }] },
      { key: 'empty', label: 'Nothing', items: [] },
      { key: 'inputs', label: 'Inputs', items: [{ key: 'i1', url: '/i1.jpg', label: 'Input 1', selected: false, marked: true, onSelect }] },
    ]);
    const rows = within(list()).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual(['Renders', 'Render', 'Inputs', '']);
    expect(screen.getByRole('button', { name: 'Render 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Input 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Input 1' })).toHaveClass('ring-brand-300');
    await userEvent.click(screen.getByRole('button', { name: 'Input 1' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('scrolls a selected image far down the list into view', () => {
    strip([{ key: 'all', items: items(1000, 640) }]);
    expect(screen.getByRole('button', { name: 'Image 640' })).toHaveAttribute('aria-pressed', 'true');
    expect(thumbs().length).toBeLessThan(30);
  });
});
