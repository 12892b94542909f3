import type { MemberCard } from '@shared/people/people.js';

/** The columns of a member card, `u` being the member and `viewer` the SQL parameter of the viewer's id (null for a visitor). */
export const memberCardColumns = (viewer: string) =>
  `u.id, u.username, u.first_name, u.image,
   CASE WHEN ${viewer}::int IS NULL OR u.id = ${viewer}::int THEN NULL
        ELSE EXISTS (SELECT 1 FROM follows vf WHERE vf.follower_id = ${viewer}::int AND vf.followee_id = u.id) END AS following`;

/** A row selected with `memberCardColumns`. */
export interface MemberCardRow {
  id: number;
  username: string;
  first_name: string;
  image: MemberCard['image'];
  following: boolean | null;
}

/** `following` is null on the viewer's own card and for visitors: there is nothing to follow with. */
export const memberCardOf = (row: MemberCardRow): MemberCard => ({
  id: row.id,
  username: row.username,
  first_name: row.first_name,
  image: row.image,
  following: row.following,
});
