import { errorReportingAllowed } from '../client-errors/reporting.js';
import { dataDomainFor, isStagingHost, isTestHost } from './hosts.js';

describe('hosts', () => {
  it('tells test and staging hosts apart from the production host', () => {
    expect(isTestHost('test.surfex.example')).toBe(true);
    expect(isTestHost('surfex.test')).toBe(true);
    expect(isTestHost('surfex.example')).toBe(false);
    expect(isTestHost('contest.surfex.example')).toBe(false);
    expect(isStagingHost('staging.surfex.example')).toBe(true);
    expect(isStagingHost('eu.staging.surfex.example')).toBe(true);
    expect(isStagingHost('surfex.example')).toBe(false);
  });

  it('reports errors from the production host only', () => {
    expect(errorReportingAllowed('surfex.example')).toBe(true);
    expect(errorReportingAllowed('www.surfex.example')).toBe(true);
    expect(errorReportingAllowed('test.surfex.example')).toBe(false);
    expect(errorReportingAllowed('surfex.test')).toBe(false);
    expect(errorReportingAllowed('staging.surfex.example')).toBe(false);
  });

  it('sends a test host’s data calls to the dev data domain when one is set', () => {
    const domains = { dataDomain: 'https://data.surfex.example', devDataDomain: 'https://dev-data.surfex.example' };
    expect(dataDomainFor('test.surfex.example', domains)).toBe('https://dev-data.surfex.example');
    expect(dataDomainFor('surfex.example', domains)).toBe('https://data.surfex.example');
    expect(dataDomainFor('staging.surfex.example', domains)).toBe('https://data.surfex.example');
    expect(dataDomainFor('test.surfex.example', { dataDomain: 'https://data.surfex.example' })).toBe(
      'https://data.surfex.example',
    );
    expect(dataDomainFor('surfex.example', {})).toBe('');
  });
});
