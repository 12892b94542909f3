import { Entity, PrimaryColumn } from 'typeorm';

/**
 * Which (viewer, subject, measure) has been counted on a UTC day: a later event of the same key
 * adds nothing to the rollups (tracking-counting.ts). `visit_key` is the viewer's key
 * (`viewerKeyOf`: the member, the server-signed viewer id or the address hash). `post_id` is the
 * subject: a post, or for the `profile` measure the member whose profile was viewed. Rows older
 * than yesterday are deleted.
 */
@Entity({ name: 'tracking_counted' })
export class TrackingCountedEntity {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'tracking_counted_pkey' })
  day: string;

  @PrimaryColumn({ name: 'visit_key', type: 'text', primaryKeyConstraintName: 'tracking_counted_pkey' })
  viewerKey: string;

  @PrimaryColumn({ name: 'post_id', type: 'integer', primaryKeyConstraintName: 'tracking_counted_pkey' })
  postId: number;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'tracking_counted_pkey' })
  measure: string;
}
