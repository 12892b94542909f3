import { pictureFileProblem } from './pictureFileProblem.js';

const MB = 1024 * 1024;

describe('checking a profile picture before upload', () => {
  it('accepts JPEG, PNG, WebP and GIF images up to 5 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/gif']) {
      expect(pictureFileProblem({ type, size: 5 * MB })).toBeNull();
    }
  });

  it('refuses other types, including other images', () => {
    expect(pictureFileProblem({ type: 'application/pdf', size: 1000 })).toMatch(/JPEG, PNG, WebP or GIF/);
    expect(pictureFileProblem({ type: 'image/svg+xml', size: 1000 })).toMatch(/JPEG, PNG, WebP or GIF/);
    expect(pictureFileProblem({ type: '', size: 1000 })).toMatch(/JPEG, PNG, WebP or GIF/);
  });

  it('refuses a file over 5 MB and says how big it is', () => {
    expect(pictureFileProblem({ type: 'image/png', size: 5 * MB + 1 })).toBe(
      'This file is 5.0 MB. Please choose an image of at most 5 MB.',
    );
    expect(pictureFileProblem({ type: 'image/png', size: 12.3 * MB })).toMatch(/^This file is 12\.3 MB/);
  });

  it('refuses an empty file', () => {
    expect(pictureFileProblem({ type: 'image/png', size: 0 })).toMatch(/empty/);
  });
});
