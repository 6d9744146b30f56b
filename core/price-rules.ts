import { daysPerMonth, daysPerWeek, type PropertyType } from './constants.ts';
import { addDaysIso, dateHorizon, daysBetween } from './dates.ts';

/**
 * Seasonal prices and stay limits (docs/decisions/018-price-rules.md). A host's rule covers the nights
 * [startDate, endDate) and changes the price of each of those nights (by a percentage of the listing's
 * price, or to a fixed price in the listing's own unit), asks for a minimum stay of the stays that
 * touch it, or both. Rules of one listing never overlap (refused when saved, and by the database), so
 * each night has at most one rule and a price is always explained by one line per rule.
 *
 * Pure and small: the property page imports it, so it must not pull in the Hebrew calendar.
 */

/**
 * Holiday seasons a rule can be made from (the same list as core/hebrew-calendar.ts holidayPresets,
 * checked by a test): written out here so that the contracts and the property page do not import
 * the Hebrew calendar. The server resolves a preset to its next dates.
 */
export const priceRulePresets = ['rosh-hashana', 'yom-kippur', 'sukkot', 'hanukkah', 'passover', 'shavuot'] as const;
export type PriceRulePreset = (typeof priceRulePresets)[number];

export const priceRuleLimits = {
  /** Rules a listing may have that have not ended yet: a year of holidays and seasons, not a price per day. */
  maxRules: 50,
  /** A percentage changes a night's price from half off to four times the price. */
  minPercent: -50,
  maxPercent: 300,
  /** Rules end within the date horizon (two years): further ahead nobody books, and the listing page carries every rule. */
  horizonDays: dateHorizon.daysAhead,
  /** A rule's range is a season, at most a year. */
  maxRangeNights: 366,
  maxMinNights: 365,
  priceMax: 1_000_000,
} as const;

export interface PriceRule {
  /** The nights [startDate, endDate), yyyy-MM-dd. */
  startDate: string;
  endDate: string;
  /** The holiday season the dates came from, for the host's list ("Passover 2027"); null for dates chosen by hand. */
  preset: PriceRulePreset | null;
  /** Percent added to (or taken off) each night's price; null when the rule sets a price or none. */
  adjustPercent: number | null;
  /** A fixed price in the listing's unit (per night, week or month by type); null when none. */
  price: number | null;
  /** The shortest stay that may touch the range, in nights; null when none. */
  minNights: number | null;
}

/** What a rule prices: a listing's type and its prices. */
export interface RuledListing {
  propertyType: PropertyType;
  pricePerNight: number | null;
  pricePerWeek: number | null;
  pricePerMonth: number | null;
}

/** Days in a listing's price unit: hotels are priced per night, rentals per week, sublets per month. */
export function unitDaysOf(type: PropertyType): number {
  return type === 'hotel' ? 1 : type === 'rental' ? daysPerWeek : daysPerMonth;
}

/** The listing's price in its own unit. */
export function unitPriceOf(listing: RuledListing): number {
  if (listing.propertyType === 'hotel') return listing.pricePerNight ?? 0;
  if (listing.propertyType === 'rental') return listing.pricePerWeek ?? 0;
  return listing.pricePerMonth ?? 0;
}

const changesPrice = (rule: PriceRule) => rule.adjustPercent !== null || rule.price !== null;

/**
 * The price of one night under a rule, unrounded: a week's or a month's price is spread evenly over
 * its 7 or 30 days, so a rule of a rental or a sublet changes each night by a seventh or a thirtieth.
 */
function ruleNightRate(listing: RuledListing, rule: PriceRule): number {
  const base = unitPriceOf(listing) / unitDaysOf(listing.propertyType);
  if (rule.price !== null) return rule.price / unitDaysOf(listing.propertyType);
  if (rule.adjustPercent !== null) return base * (1 + rule.adjustPercent / 100);
  return base;
}

/** The rule pricing a night, if any (rules do not overlap; should two, the later-starting one wins). */
export function ruleOfNight<T extends PriceRule>(rules: readonly T[], night: string): T | undefined {
  let found: T | undefined;
  for (const rule of rules) {
    if (changesPrice(rule) && rule.startDate <= night && night < rule.endDate && (!found || rule.startDate > found.startDate)) found = rule;
  }
  return found;
}

/** A night's price in shekels, rounded: the listing's price per night (a week's or month's spread over its days) or its rule's. */
export function nightRate(listing: RuledListing, rules: readonly PriceRule[], night: string): number {
  const rule = ruleOfNight(rules, night);
  return Math.round(rule ? ruleNightRate(listing, rule) : unitPriceOf(listing) / unitDaysOf(listing.propertyType));
}

export interface SeasonalLine {
  rule: PriceRule;
  /** Nights of the stay the rule prices. */
  nights: number;
  /** What the rule adds to (negative: takes off) the stay's price, rounded, all rooms. */
  amount: number;
}

/**
 * What the rules change in a stay's price, one line per rule that prices some of its nights: per
 * night, the rule's price minus the listing's, times the rooms. The plain price of the stay (rate ×
 * units) stays as it is, so the quote reads "4 nights × ₪500" then "Passover +30 %: +₪600".
 */
export function seasonalLines(
  listing: RuledListing,
  rules: readonly PriceRule[],
  checkIn: string,
  checkOut: string,
  rooms = 1,
): SeasonalLine[] {
  // Most listings have no rules: no walk over the nights (search quotes every card of a page).
  if (checkOut <= checkIn || rules.length === 0) return [];
  const base = unitPriceOf(listing) / unitDaysOf(listing.propertyType);
  const lines: SeasonalLine[] = [];
  for (let night = checkIn; night < checkOut; night = addDaysIso(night, 1)) {
    const rule = ruleOfNight(rules, night);
    if (!rule) continue;
    const line = lines.find((candidate) => candidate.rule === rule);
    const change = (ruleNightRate(listing, rule) - base) * rooms;
    if (line) {
      line.nights += 1;
      line.amount += change;
    } else lines.push({ rule, nights: 1, amount: change });
  }
  return lines.map((line) => ({ ...line, amount: Math.round(line.amount) })).filter((line) => line.amount !== 0);
}

/** The sum of a stay's seasonal lines. */
export function seasonalAdjustment(
  listing: RuledListing,
  rules: readonly PriceRule[],
  checkIn: string,
  checkOut: string,
  rooms = 1,
): number {
  return seasonalLines(listing, rules, checkIn, checkOut, rooms).reduce((sum, line) => sum + line.amount, 0);
}

/**
 * The listing's price in its own unit for a stay, as search filters and sorts on it and result cards
 * show it: the listing's price plus the stay's seasonal change per night times the unit's days
 * (a hotel's average night, a rental's average week). Without rules on the stay's nights, its price.
 */
export function effectiveUnitPrice(listing: RuledListing, rules: readonly PriceRule[], checkIn: string, checkOut: string): number {
  const nights = daysBetween(checkIn, checkOut);
  if (nights <= 0) return unitPriceOf(listing);
  const adjustment = seasonalAdjustment(listing, rules, checkIn, checkOut);
  return unitPriceOf(listing) + Math.round((adjustment * unitDaysOf(listing.propertyType)) / nights);
}

/** Whether a stay [checkIn, checkOut) spends at least one night in a rule's range. */
export function stayTouches(rule: Pick<PriceRule, 'startDate' | 'endDate'>, checkIn: string, checkOut: string): boolean {
  return checkIn < rule.endDate && rule.startDate < checkOut;
}

/**
 * The minimum-stay rule a stay breaks, if any: the rule with the longest minimum among those whose
 * range the stay touches and whose minimum is longer than the stay.
 */
export function seasonMinStayRule<T extends PriceRule>(rules: readonly T[], checkIn: string, checkOut: string): T | undefined {
  const nights = daysBetween(checkIn, checkOut);
  let broken: T | undefined;
  for (const rule of rules) {
    if (rule.minNights === null || nights >= rule.minNights || !stayTouches(rule, checkIn, checkOut)) continue;
    if (!broken || rule.minNights > (broken.minNights ?? 0)) broken = rule;
  }
  return broken;
}

export type PriceRuleProblem =
  'price_rule_dates' | 'price_rule_too_far' | 'price_rule_empty' | 'price_rule_overlap' | 'too_many_price_rules';

/**
 * What is wrong with a new rule next to a listing's current ones (those not ended by `today`):
 * its range must be forward, not over yet, end within two years and last at most a year; it must do
 * something; it must not share a night with another rule; and a listing has at most 50.
 */
export function priceRuleProblem(
  rule: PriceRule,
  current: readonly Pick<PriceRule, 'startDate' | 'endDate'>[],
  today: string,
): PriceRuleProblem | null {
  if (rule.endDate <= rule.startDate || rule.endDate <= today || daysBetween(rule.startDate, rule.endDate) > priceRuleLimits.maxRangeNights)
    return 'price_rule_dates';
  if (rule.endDate > addDaysIso(today, priceRuleLimits.horizonDays)) return 'price_rule_too_far';
  if (!changesPrice(rule) && rule.minNights === null) return 'price_rule_empty';
  if (current.some((other) => stayTouches(other, rule.startDate, rule.endDate))) return 'price_rule_overlap';
  if (current.filter((other) => other.endDate > today).length >= priceRuleLimits.maxRules) return 'too_many_price_rules';
  return null;
}

/** Rules still to come or under way on `today`, in date order: what a listing page carries and a host lists. */
export function currentRules<T extends PriceRule>(rules: readonly T[], today: string): T[] {
  return rules.filter((rule) => rule.endDate > today).sort((a, b) => a.startDate.localeCompare(b.startDate));
}
