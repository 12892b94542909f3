import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Every first name a member has had, once, with its keys: the user search scores these rather than each member
 * (a common name is shared by thousands). Written only by the trigger users_first_name_remembered
 * (sql/remember_first_name.sql).
 */
@Entity({ name: 'member_first_names' })
/** Trigram index (pg_trgm) for names that look alike; TypeORM cannot declare its operator class. */
@Index('member_first_names_trgm', { synchronize: false })
/** GIN over the keys, for names one slip from the query. */
@Index('member_first_names_keys', { synchronize: false })
export class MemberFirstNameEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'member_first_names_pkey' })
  name: string;

  /** The name's keys (the SQL function name_keys): itself and, for four letters or more, each string with one left out. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  keys: string[];
}
