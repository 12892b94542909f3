/** Cookie-consent country lists of spec 9 (codes as the spec gives them, EL and UK included). */
export const COOKIE_LAW_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CZ', 'CY', 'DK', 'EE', 'FI', 'FR', 'DE', 'EL', 'HU', 'IE', 'IT', 'LV', 'LT',
  'LU', 'MT', 'NL', 'PL', 'PT', 'SK', 'ES', 'SE', 'GB', 'UK', 'GR', 'EU',
];
export const REVOCABLE_COUNTRIES: readonly string[] = ['HR', 'CY', 'DK', 'EE', 'FR', 'DE', 'LV', 'LT', 'NL', 'PT', 'ES'];
export const EXPLICIT_ACTION_COUNTRIES: readonly string[] = ['HR', 'IT', 'ES'];
