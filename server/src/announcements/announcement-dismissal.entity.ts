import { CreateDateColumn, Entity, ForeignKey, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { AnnouncementEntity } from './announcement.entity.js';

/** A member closed an announcement: it is no longer shown to them. */
@Entity({ name: 'announcement_dismissals' })
export class AnnouncementDismissalEntity {
  @PrimaryColumn({ name: 'user_id', type: 'integer', primaryKeyConstraintName: 'announcement_dismissals_pkey' })
  @ForeignKey(() => UserEntity, { name: 'announcement_dismissals_user_id_fkey', onDelete: 'CASCADE' })
  userId: number;

  @PrimaryColumn({ name: 'announcement_id', type: 'integer', primaryKeyConstraintName: 'announcement_dismissals_pkey' })
  @ForeignKey(() => AnnouncementEntity, { name: 'announcement_dismissals_announcement_id_fkey', onDelete: 'CASCADE' })
  announcementId: number;

  @CreateDateColumn({ name: 'dismissed_at', type: 'timestamptz' })
  dismissedAt: Date;
}
