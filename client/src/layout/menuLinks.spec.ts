import { isUnderOneOf, MORE_MENU_LINKS, PRIMARY_MENU_LINKS } from './menuLinks.js';

describe('the side menu links', () => {
  it('keeps the five main pages first, in the order the product names them', () => {
    expect(PRIMARY_MENU_LINKS.map((link) => link.label)).toEqual([
      'Dashboard',
      'Campaigns',
      'Earn Credits',
      'Detailed Stats',
      'Settings',
    ]);
  });

  it('knows when the current page is one of the "More" pages, or a page under one', () => {
    expect(isUnderOneOf(MORE_MENU_LINKS, '/groups')).toBe(true);
    expect(isUnderOneOf(MORE_MENU_LINKS, '/tags/news')).toBe(true);
    expect(isUnderOneOf(MORE_MENU_LINKS, '/home')).toBe(false);
    expect(isUnderOneOf(MORE_MENU_LINKS, '/groupsy')).toBe(false);
  });

  it('marks the dashboard active on its own address only', () => {
    expect(isUnderOneOf(PRIMARY_MENU_LINKS.slice(0, 1), '/home')).toBe(true);
    expect(isUnderOneOf(PRIMARY_MENU_LINKS.slice(0, 1), '/home/yourPosts')).toBe(false);
  });
});
