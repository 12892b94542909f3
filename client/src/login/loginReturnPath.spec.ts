import { loginReturnPath } from './loginReturnPath.js';

describe('the way back after logging in', () => {
  it('returns to the same-site path and query of redi', () => {
    expect(loginReturnPath('?redi=%2Fhome%2FyourPosts%3Fx%3D1')).toBe('/home/yourPosts?x=1');
    expect(loginReturnPath('?redi=/settings/security')).toBe('/settings/security');
  });

  it('falls back to /home without redi or with another site in it', () => {
    expect(loginReturnPath('')).toBe('/home');
    expect(loginReturnPath('?redi=https%3A%2F%2Fevil.example%2F')).toBe('/home');
    expect(loginReturnPath('?redi=%2F%2Fevil.example')).toBe('/home');
    expect(loginReturnPath('?redi=%2F%5Cevil.example')).toBe('/home');
  });

  it('never returns to login, signup or logout, which would loop or undo the login', () => {
    expect(loginReturnPath('?redi=%2Flogin%3Fredi%3D%252Fhome')).toBe('/home');
    expect(loginReturnPath('?redi=/logout')).toBe('/home');
    expect(loginReturnPath('?redi=/signup/')).toBe('/home');
    expect(loginReturnPath('?redi=/login/multi')).toBe('/home');
  });
});
