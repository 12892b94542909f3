import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The salt that hashes the day's addresses; deleted once the day is over, so old hashes cannot be reversed. */
@Entity({ name: 'tracking_salts' })
export class TrackingSaltEntity {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'tracking_salts_pkey' })
  day: string;

  @Column({ type: 'bytea' })
  salt: Buffer;
}
