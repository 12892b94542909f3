import type { Announcement } from '@shared/announcements/announcements.js';
import {
  EMPTY_ANNOUNCEMENT,
  announcementFormErrors,
  announcementPayload,
  announcementToFormValues,
  type AnnouncementFormValues,
} from './announcementFormValues.js';

const filled = (changes: Partial<AnnouncementFormValues> = {}): AnnouncementFormValues => ({
  ...EMPTY_ANNOUNCEMENT,
  heading: 'Maintenance tonight',
  content: 'The site is down from 2 to 3.',
  ...changes,
});

describe('the announcement form', () => {
  it('sends one path per non-blank line, trimmed, and no link when the link is blank', () => {
    const payload = announcementPayload(filled({ only: ' /home \n\n/settings/*\r\n', except: '', link: '  ' }));
    expect(payload.only).toEqual(['/home', '/settings/*']);
    expect(payload.except).toEqual([]);
    expect(payload.link).toBeNull();
  });

  it('accepts a complete announcement', () => {
    expect(announcementFormErrors(filled({ only: '/home', except: '/home/earnCredits*', link: '/settings' }))).toEqual({});
  });

  it('asks for a heading and content', () => {
    const errors = announcementFormErrors(EMPTY_ANNOUNCEMENT);
    expect(errors.heading?.message).toBe('Please enter a heading.');
    expect(errors.content?.message).toBe('Please enter the content.');
  });

  it('names the line of a path that does not start with /', () => {
    const errors = announcementFormErrors(filled({ except: '/home\n\nsettings' }));
    expect(errors.except?.message).toMatch(/^Line 3: /);
  });

  it('refuses a link off the site that is not https, and says how long a heading may be', () => {
    const errors = announcementFormErrors(filled({ link: 'http://example.com', heading: 'x'.repeat(121) }));
    expect(errors.link?.message).toBe('Use a path on this site or an https address.');
    expect(errors.heading?.message).toBe('At most 120 characters.');
  });

  it('fills the form from a stored announcement', () => {
    const stored: Announcement = {
      id: 4,
      heading: 'Hi',
      content: 'Body',
      footer: '',
      link: null,
      classContext: 'warning',
      type: 'modal',
      auth: 'visitors',
      only: ['/', '/signup'],
      except: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      startsAt: null,
      endsAt: null,
    };
    expect(announcementToFormValues(stored)).toEqual({
      heading: 'Hi',
      content: 'Body',
      footer: '',
      link: '',
      classContext: 'warning',
      type: 'modal',
      auth: 'visitors',
      only: '/\n/signup',
      except: '',
      startsAt: '',
      endsAt: '',
    });
  });
});
