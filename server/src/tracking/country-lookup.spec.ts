import { CountryLookup } from './country-lookup.js';

describe('the country of an address', () => {
  const lookup = new CountryLookup();
  beforeAll(() => lookup.onModuleInit());

  it('is found offline for public IPv4 and IPv6 addresses, IPv4 written as IPv6 included', () => {
    expect(lookup.countryOf('81.2.69.142')).toBe('GB');
    expect(lookup.countryOf('::ffff:81.2.69.142')).toBe('GB');
    expect(lookup.countryOf('8.8.8.8')).toBe('US');
    expect(lookup.countryOf('2a00:1450:4001:80b::200e')).toMatch(/^[A-Z]{2}$/);
  });

  it('is unknown for local addresses and for text that is no address', () => {
    expect(lookup.countryOf('127.0.0.1')).toBeNull();
    expect(lookup.countryOf('::1')).toBeNull();
    expect(lookup.countryOf('not an address')).toBeNull();
  });
});

describe('asked again for the same address', () => {
  it('answers as the first time, a known country and an unknown one alike', () => {
    const lookup = new CountryLookup();
    expect(lookup.countryOf('81.2.69.142')).toBeNull(); // before the file is read: nothing is kept
    return lookup.onModuleInit().then(() => {
      for (let round = 0; round < 3; round++) {
        expect(lookup.countryOf('81.2.69.142')).toBe('GB');
        expect(lookup.countryOf('127.0.0.1')).toBeNull();
        expect(lookup.countryOf('not an address')).toBeNull();
      }
    });
  });
});
