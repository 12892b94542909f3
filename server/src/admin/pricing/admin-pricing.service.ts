import { Injectable } from '@nestjs/common';
import { ErrorCode } from '@shared/api/error-codes.js';
import type {
  AdminCreditPack,
  AdminMembershipLevel,
  AdminPricing,
  CreditPackPayload,
  MembershipLevelPayload,
} from '@shared/admin/pricing.js';
import { AdminAudit } from '../../audit/admin-audit.service.js';
import { AppError } from '../../common/errors/app-error.js';
import { Transactions } from '../../database/transactions.js';
import { AdminPricingRepository } from './admin-pricing.repository.js';

const packNotFound = () => new AppError(ErrorCode.NotFound, 'Not found', 'There is no such credit pack.');
const levelNotFound = () => new AppError(ErrorCode.NotFound, 'Not found', 'There is no such membership level.');

/** What the audit log keeps of an item: its fields (the target id names it). */
const audited = ({ id: _id, ...fields }: AdminCreditPack | AdminMembershipLevel): Record<string, unknown> => fields;

/**
 * The credit packs and membership levels admins sell. Each change and its audit row are one
 * transaction. Nothing is deleted (orders refer to the items): an item leaves the billing page
 * when it is made inactive. The billing page and checkout read the tables on every call, so a
 * change applies at once in every process; an order copies its item's name, credits, price and
 * currency when it is made, so no change alters an order already made. A level's benefits are
 * read live (its members get a change at once), its period when an order is paid.
 */
@Injectable()
export class AdminPricingService {
  constructor(
    private readonly repository: AdminPricingRepository,
    private readonly transactions: Transactions,
    private readonly audit: AdminAudit,
  ) {}

  async pricing(): Promise<AdminPricing> {
    const [packs, levels] = await Promise.all([this.repository.allPacks(), this.repository.allLevels()]);
    return { packs, levels };
  }

  addPack(adminId: number, pack: CreditPackPayload): Promise<AdminCreditPack> {
    return this.transactions.run(async (manager) => {
      const added = await this.repository.addPack(manager, pack);
      await this.audit.record(manager, {
        adminId,
        action: 'credit_pack_created',
        targetType: 'credit_pack',
        targetId: String(added.id),
        before: null,
        after: audited(added),
      });
      return added;
    });
  }

  updatePack(adminId: number, id: number, pack: CreditPackPayload): Promise<AdminCreditPack> {
    return this.transactions.run(async (manager) => {
      const before = await this.repository.lockPack(manager, id);
      if (!before) throw packNotFound();
      const after = await this.repository.replacePack(manager, id, pack);
      await this.audit.record(manager, {
        adminId,
        action: 'credit_pack_updated',
        targetType: 'credit_pack',
        targetId: String(id),
        before: audited(before),
        after: audited(after),
      });
      return after;
    });
  }

  addLevel(adminId: number, level: MembershipLevelPayload): Promise<AdminMembershipLevel> {
    return this.transactions.run(async (manager) => {
      const added = await this.repository.addLevel(manager, level);
      await this.audit.record(manager, {
        adminId,
        action: 'membership_level_created',
        targetType: 'membership_level',
        targetId: String(added.id),
        before: null,
        after: audited(added),
      });
      return added;
    });
  }

  updateLevel(adminId: number, id: number, level: MembershipLevelPayload): Promise<AdminMembershipLevel> {
    return this.transactions.run(async (manager) => {
      const before = await this.repository.lockLevel(manager, id);
      if (!before) throw levelNotFound();
      const after = await this.repository.replaceLevel(manager, id, level);
      await this.audit.record(manager, {
        adminId,
        action: 'membership_level_updated',
        targetType: 'membership_level',
        targetId: String(id),
        before: audited(before),
        after: audited(after),
      });
      return after;
    });
  }
}
