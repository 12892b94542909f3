/**
 * Which events count once a day per viewer, and under which key of `tracking_counted`
 * (day, viewer key, subject, measure). A later event of a key already counted is still stored
 * raw but adds nothing to the rollups.
 *
 * | event | measure | subject (`post_id` column) | counts toward |
 * |---|---|---|---|
 * | post_view, level 5 | seen | the post | seen (hourly, country, dimensions) |
 * | post_view, level 10 | seen and viewed | the post | seen and viewed (hourly, country, dimensions) |
 * | post_link_click | seen and link_click | the post | seen (hourly, country, dimensions) and link clicks (hourly) |
 * | playVideo | video_play | the post | video plays (hourly) |
 * | viewImage | image_view | the post | image views (hourly) |
 * | profile_view opened from a post | profile_open | the post | the post's profile views (hourly) |
 * | profile_view | profile | the member whose profile it is | the member's profile views |
 *
 * A full view or a click is counted as seen too (under the level-5 key: once a day per viewer
 * whichever comes first), so viewed and link clicks are each part of seen.
 *
 * The post's writer counts for none of their post's measures, a member for none of their own
 * profile's.
 */
export type CountedMeasure = 'seen' | 'viewed' | 'link_click' | 'video_play' | 'image_view' | 'profile_open' | 'profile';
