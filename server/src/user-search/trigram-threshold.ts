/**
 * How alike (pg_trgm similarity, 0–1) a username or first name must be to the query to match.
 * 0.3 lets one typo through in names of five letters or more ("alise" finds "alice").
 */
export const SIMILARITY_THRESHOLD = 0.3;

/**
 * Set on every connection of the app's pool (data-source-options.ts): the threshold of pg_trgm's
 * `%` operator, which the user search's one prepared statement then needs no transaction to set.
 */
export const TRIGRAM_CONNECTION_OPTIONS = `-c pg_trgm.similarity_threshold=${SIMILARITY_THRESHOLD}`;
