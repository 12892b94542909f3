// The SQL the app sends for one feed page, taken from the app itself: the built FeedService with
// its own FeedRepository, CommentsRepository and PostsRepository over a DataSource stand-in that
// notes each query(sql, parameters) and answers it from `pg`. So the pg baseline replays exactly
// the statements, in the order and with the parameters, that the app sends for that viewer, with
// no SQL copied by hand; a change to the feed's queries changes the baseline with it.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const built = (path) => import(pathToFileURL(resolve(path)).href);

/** `serviceOver(dataSource)`: the app's feed service over that DataSource; and the home page's validated query. */
async function feedServices() {
  const [{ FeedService }, { FeedRepository }, { CommentsRepository }, { PostsRepository }, { feedQuerySchema }] =
    await Promise.all([
      built('dist/server/src/feed/feed.service.js'),
      built('dist/server/src/feed/feed.repository.js'),
      built('dist/server/src/comments/comments.repository.js'),
      built('dist/server/src/posts/posts.repository.js'),
      built('dist/shared/feed/feed.schemas.js'),
    ]);
  // Seeded posts carry no pictures: the media service is never asked.
  const media = {
    toMediaObject: () => {
      throw new Error('the bench seeds no pictures');
    },
  };
  const serviceOver = (dataSource) =>
    new FeedService(new FeedRepository(dataSource), new CommentsRepository(dataSource), new PostsRepository(dataSource, media));
  return { serviceOver, homeQuery: feedQuerySchema.parse({ source: 'home' }) };
}

/**
 * Answers `record(viewerId)`: the app's home feed page for that viewer, read through
 * `query(pg query config) → pg result`, with the statements it sent (`[{ name?, text, values }]`,
 * pg query configs, in order)
 * and what the page held. Pages may be recorded concurrently: each has a DataSource of its own.
 */
export async function homePageRecorder(query) {
  const { serviceOver, homeQuery } = await feedServices();
  return async (viewerId) => {
    const statements = [];
    const send = async (statement) => (await query(statement)).rows;
    // The repositories send plain statements through `query` and prepared ones (runPrepared)
    // through the driver's pool as `{ name, text, values }`: both are noted and replayed as sent.
    const dataSource = {
      async query(sql, params = []) {
        statements.push({ text: sql, values: params });
        return send({ text: sql, values: params });
      },
      driver: {
        master: {
          async query({ name, text, values }) {
            statements.push({ name, text, values });
            return { rows: await send({ name, text, values }) };
          },
        },
      },
    };
    const page = await serviceOver(dataSource).page(viewerId, homeQuery);
    return {
      viewerId,
      statements,
      pids: page.entries.map((entry) => entry.post.pid),
      comments: page.entries.reduce((n, entry) => n + entry.comments.length, 0),
      inGroups: page.entries.filter((entry) => entry.group !== null).length,
    };
  };
}
