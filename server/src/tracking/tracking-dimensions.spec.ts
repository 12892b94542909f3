import { deviceOf, languageOf, referrerHostOf } from './tracking-dimensions.js';

describe('device bucket', () => {
  it('is phone below 600 px, tablet below 1024 px, desktop from 1024 px, none when unknown', () => {
    expect([320, 599, 600, 1023, 1024, 3840].map(deviceOf)).toEqual(['phone', 'phone', 'tablet', 'tablet', 'desktop', 'desktop']);
    expect(deviceOf(0)).toBe('');
  });
});

describe('referrer host', () => {
  it('is the lowercase host without www., whatever the path, query, port or scheme', () => {
    expect(referrerHostOf('https://WWW.Example.com/a/b?q=1#x')).toBe('example.com');
    expect(referrerHostOf('http://news.example.org:8080/')).toBe('news.example.org');
    expect(referrerHostOf('https://www2.example.com/')).toBe('www2.example.com');
  });

  it('is empty when there is no referrer or it is not a web address', () => {
    expect(referrerHostOf('')).toBe('');
    expect(referrerHostOf('not a url')).toBe('');
    expect(referrerHostOf('javascript:alert(1)')).toBe('');
    expect(referrerHostOf('file:///etc/passwd')).toBe('');
  });
});

describe('language', () => {
  it('is the primary subtag of the preferred language, lowercased', () => {
    expect(languageOf('en-US,en;q=0.9,de;q=0.8')).toBe('en');
    expect(languageOf('DE-at')).toBe('de');
    expect(languageOf('fr;q=0.5, pt-BR;q=0.9')).toBe('pt');
    expect(languageOf('fil')).toBe('fil');
  });

  it('is null when the header is missing, a wildcard, or not a language', () => {
    expect(languageOf(undefined)).toBeNull();
    expect(languageOf('')).toBeNull();
    expect(languageOf('*')).toBeNull();
    expect(languageOf('x-klingon')).toBeNull();
    expect(languageOf("en'; DROP TABLE users;--")).toBeNull();
    expect(languageOf('english')).toBeNull();
    expect(languageOf('en;q=0')).toBeNull();
  });
});
