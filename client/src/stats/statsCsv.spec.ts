import { statsCsv } from './statsCsv.js';

describe('the days of a period as CSV', () => {
  it('writes a heading row and one row per day, oldest first, with CRLF line ends', () => {
    const csv = statsCsv([
      {
        day: '2026-11-22',
        seen: 40,
        viewed: 25,
        credited: 9,
        linkClicks: 3,
        videoPlays: 2,
        imageViews: 1,
        profileViews: 4,
        comments: 5,
        feels: 6,
      },
      {
        day: '2026-11-23',
        seen: 0,
        viewed: 0,
        credited: 0,
        linkClicks: 0,
        videoPlays: 0,
        imageViews: 0,
        profileViews: 0,
        comments: 0,
        feels: 0,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Day,Served (credited surf views),Seen,Engaged (viewed 2 s),Link clicks,Video plays,Picture views,Profile views,Comments,Feels',
      '2026-11-22,9,40,25,3,2,1,4,5,6',
      '2026-11-23,0,0,0,0,0,0,0,0,0',
      '',
    ]);
  });
});
