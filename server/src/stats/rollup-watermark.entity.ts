import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How far a periodic rollup has counted; its next run recounts from a little before this. */
@Entity({ name: 'rollup_watermarks' })
export class RollupWatermarkEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'rollup_watermarks_pkey' })
  rollup: string;

  @Column({ name: 'done_until', type: 'timestamptz' })
  doneUntil: Date;
}
