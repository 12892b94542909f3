import { Entity, PrimaryColumn } from 'typeorm';

/**
 * One key of a term some username has (its whole name or a word; the SQL function name_keys of
 * the term): the user search leads a misspelt query's keys to the terms one slip from it here,
 * each term once however many members share it. Written only by the trigger users_name_keys
 * (sql/index_member_name_keys.sql).
 */
@Entity({ name: 'name_term_keys' })
export class NameTermKeyEntity {
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'name_term_keys_pkey' })
  key: string;

  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'name_term_keys_pkey' })
  term: string;

  /** The term itself, not a string with a letter left out. */
  @PrimaryColumn({ type: 'boolean', primaryKeyConstraintName: 'name_term_keys_pkey' })
  exact: boolean;
}
