import { eq, inArray } from 'drizzle-orm';
import { platformSettingsSchema, type PlatformSettings } from '../../core/admin-schemas.ts';
import { defaultCommissionRates } from '../../core/constants.ts';
import { defaultDueDaysBefore } from '../../core/payment-schedule.ts';
import { defaultGraceDays } from '../../core/payment-states.ts';
import type { Database, Executor } from '../db/database.ts';
import { platformSettings } from '../db/schema.ts';

/**
 * The platform settings an admin edits, one typed module for every reader. Each setting has its
 * stored key and the value used when nothing valid is stored, so a bad row never breaks a page.
 */
export const settingKeys = {
  autoApproveVerifiedHosts: 'auto_approve_verified_hosts',
  commissionRates: 'commission_rates',
  mailTemplates: 'mail_templates',
  launchMode: 'launch_mode',
  unverifiedPlacesMayBook: 'unverified_places_may_book',
  longStayDueDaysBefore: 'long_stay_due_days_before',
  longStayGraceDays: 'long_stay_grace_days',
} as const satisfies Record<keyof PlatformSettings, string>;

export type SettingName = keyof PlatformSettings;

/** A stored setting's value checked, or its default when none (or an invalid one) is stored. */
export function parseSetting<Name extends SettingName>(name: Name, stored: unknown): PlatformSettings[Name] {
  switch (name) {
    case 'autoApproveVerifiedHosts':
      return (stored === true) as PlatformSettings[Name];
    case 'commissionRates': {
      const rates = platformSettingsSchema.shape.commissionRates.partial().safeParse(stored ?? {});
      return { ...defaultCommissionRates, ...(rates.success ? rates.data : {}) } as PlatformSettings[Name];
    }
    case 'unverifiedPlacesMayBook':
      // Allowed unless an admin stored false: places verified before the rule existed are few.
      return (stored !== false) as PlatformSettings[Name];
    case 'longStayDueDaysBefore': {
      const days = platformSettingsSchema.shape.longStayDueDaysBefore.safeParse(stored);
      return (days.success ? days.data : defaultDueDaysBefore) as PlatformSettings[Name];
    }
    case 'longStayGraceDays': {
      const days = platformSettingsSchema.shape.longStayGraceDays.safeParse(stored);
      return (days.success ? days.data : defaultGraceDays) as PlatformSettings[Name];
    }
    case 'mailTemplates': {
      const mail = platformSettingsSchema.shape.mailTemplates.safeParse(stored ?? {});
      return (mail.success ? mail.data : {}) as PlatformSettings[Name];
    }
    default: {
      const launch = platformSettingsSchema.shape.launchMode.safeParse(stored);
      // Closed until an admin opens the platform.
      return (launch.success ? launch.data : 'prelaunch') as PlatformSettings[Name];
    }
  }
}

/** One setting, or its default when none (or an invalid one) is stored. */
export async function readSetting<Name extends SettingName>(db: Executor, name: Name): Promise<PlatformSettings[Name]> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, settingKeys[name]));
  return parseSetting(name, row?.value);
}

export async function readPlatformSettings(db: Database): Promise<PlatformSettings> {
  const rows = await db
    .select()
    .from(platformSettings)
    .where(inArray(platformSettings.key, Object.values(settingKeys)));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return {
    autoApproveVerifiedHosts: parseSetting('autoApproveVerifiedHosts', stored.get(settingKeys.autoApproveVerifiedHosts)),
    commissionRates: parseSetting('commissionRates', stored.get(settingKeys.commissionRates)),
    mailTemplates: parseSetting('mailTemplates', stored.get(settingKeys.mailTemplates)),
    launchMode: parseSetting('launchMode', stored.get(settingKeys.launchMode)),
    unverifiedPlacesMayBook: parseSetting('unverifiedPlacesMayBook', stored.get(settingKeys.unverifiedPlacesMayBook)),
    longStayDueDaysBefore: parseSetting('longStayDueDaysBefore', stored.get(settingKeys.longStayDueDaysBefore)),
    longStayGraceDays: parseSetting('longStayGraceDays', stored.get(settingKeys.longStayGraceDays)),
  };
}

export async function writePlatformSettings(db: Database, update: Partial<PlatformSettings>, adminId: string, now = new Date()) {
  await db.transaction(async (tx) => {
    for (const [field, value] of Object.entries(update) as [SettingName, unknown][]) {
      if (value === undefined) continue;
      await tx
        .insert(platformSettings)
        .values({ key: settingKeys[field], value, updatedAt: now, updatedBy: adminId })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: now, updatedBy: adminId } });
    }
  });
}
