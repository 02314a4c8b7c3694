import { describe, expect, it } from 'vitest';
import { profilePictureProblem } from './profilePicture';

describe('profilePictureProblem', () => {
  it('accepts JPG, PNG and WEBP up to 5 MB', () => {
    expect(profilePictureProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(profilePictureProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
  });
  it('refuses other types and larger files', () => {
    expect(profilePictureProblem({ type: 'image/gif', size: 10 })).toMatch(/JPG, PNG or WEBP/);
    expect(profilePictureProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toMatch(/5 MB/);
  });
});
