/**
 * Places in Israel for the location search, the sentence interpreter and the demo data: regions, cities and towns, and
 * neighbourhoods of the big cities. Coordinates are approximate centres; popularity orders the
 * autosuggest (bigger and better-known places first).
 */

export type PlaceKind = 'region' | 'city' | 'neighbourhood';

export interface GazetteerPlace {
  slug: string;
  kind: PlaceKind;
  nameEn: string;
  nameHe: string;
  /** A neighbourhood's city, a city's region; null for regions. */
  parentSlug: string | null;
  latitude: number;
  longitude: number;
  popularity: number;
}

type Row = [slug: string, nameEn: string, nameHe: string, parentSlug: string | null, lat: number, lng: number, popularity: number];

const regions: Row[] = [
  ['tel-aviv-district', 'Tel Aviv District', 'מחוז תל אביב', null, 32.08, 34.8, 700],
  ['central-district', 'Central District', 'מחוז המרכז', null, 31.95, 34.88, 450],
  ['sharon', 'Sharon', 'השרון', null, 32.28, 34.9, 420],
  ['jerusalem-district', 'Jerusalem District', 'מחוז ירושלים', null, 31.77, 35.1, 650],
  ['haifa-district', 'Haifa District', 'מחוז חיפה', null, 32.62, 34.98, 500],
  ['galilee', 'Galilee', 'הגליל', null, 32.9, 35.35, 520],
  ['golan-heights', 'Golan Heights', 'רמת הגולן', null, 33.0, 35.75, 380],
  ['southern-coast', 'Southern Coast', 'חוף הדרום', null, 31.7, 34.6, 330],
  ['negev', 'Negev', 'הנגב', null, 30.85, 34.85, 400],
  ['dead-sea', 'Dead Sea', 'ים המלח', null, 31.4, 35.4, 480],
  ['eilat-arava', 'Eilat and the Arava', 'אילת והערבה', null, 29.9, 35.05, 440],
];

const cities: Row[] = [
  ['tel-aviv', 'Tel Aviv', 'תל אביב', 'tel-aviv-district', 32.0853, 34.7818, 1000],
  ['jerusalem', 'Jerusalem', 'ירושלים', 'jerusalem-district', 31.7683, 35.2137, 980],
  ['haifa', 'Haifa', 'חיפה', 'haifa-district', 32.794, 34.9896, 820],
  ['eilat', 'Eilat', 'אילת', 'eilat-arava', 29.5577, 34.9519, 780],
  ['netanya', 'Netanya', 'נתניה', 'sharon', 32.3215, 34.8532, 600],
  ['herzliya', 'Herzliya', 'הרצליה', 'tel-aviv-district', 32.1624, 34.8447, 560],
  ['beersheba', 'Beersheba', 'באר שבע', 'negev', 31.252, 34.7915, 550],
  ['ramat-gan', 'Ramat Gan', 'רמת גן', 'tel-aviv-district', 32.0684, 34.8248, 540],
  ['tiberias', 'Tiberias', 'טבריה', 'galilee', 32.7922, 35.5312, 530],
  ['nazareth', 'Nazareth', 'נצרת', 'galilee', 32.6996, 35.3035, 500],
  ['ashdod', 'Ashdod', 'אשדוד', 'southern-coast', 31.8014, 34.6435, 500],
  ['safed', 'Safed', 'צפת', 'galilee', 32.9646, 35.496, 490],
  ['rishon-lezion', 'Rishon LeZion', 'ראשון לציון', 'central-district', 31.973, 34.7925, 480],
  ['acre', 'Acre', 'עכו', 'galilee', 32.9281, 35.0818, 470],
  ['petah-tikva', 'Petah Tikva', 'פתח תקווה', 'central-district', 32.084, 34.8878, 470],
  ['ashkelon', 'Ashkelon', 'אשקלון', 'southern-coast', 31.6688, 34.5743, 460],
  ['caesarea', 'Caesarea', 'קיסריה', 'haifa-district', 32.5, 34.8929, 430],
  ['raanana', "Ra'anana", 'רעננה', 'sharon', 32.1848, 34.8713, 410],
  ['ein-bokek', 'Ein Bokek', 'עין בוקק', 'dead-sea', 31.2005, 35.3625, 410],
  ['kfar-saba', 'Kfar Saba', 'כפר סבא', 'sharon', 32.175, 34.907, 400],
  ['holon', 'Holon', 'חולון', 'tel-aviv-district', 32.0158, 34.7874, 400],
  ['rehovot', 'Rehovot', 'רחובות', 'central-district', 31.8928, 34.8113, 400],
  ['bat-yam', 'Bat Yam', 'בת ים', 'tel-aviv-district', 32.0171, 34.7453, 390],
  ['modiin', "Modi'in", 'מודיעין', 'central-district', 31.898, 35.0104, 380],
  ['mitzpe-ramon', 'Mitzpe Ramon', 'מצפה רמון', 'negev', 30.6097, 34.8011, 380],
  ['zichron-yaakov', "Zichron Ya'akov", 'זכרון יעקב', 'haifa-district', 32.5707, 34.952, 360],
  ['nahariya', 'Nahariya', 'נהריה', 'galilee', 33.0059, 35.0941, 360],
  ['ein-gedi', 'Ein Gedi', 'עין גדי', 'dead-sea', 31.4613, 35.388, 350],
  ['rosh-pinna', 'Rosh Pinna', 'ראש פינה', 'galilee', 32.969, 35.5427, 330],
  ['givatayim', 'Givatayim', 'גבעתיים', 'tel-aviv-district', 32.0722, 34.8125, 300],
  ['karmiel', 'Karmiel', 'כרמיאל', 'galilee', 32.919, 35.295, 300],
  ['hadera', 'Hadera', 'חדרה', 'haifa-district', 32.434, 34.9197, 300],
  ['katzrin', 'Katzrin', 'קצרין', 'golan-heights', 32.9925, 35.691, 290],
  ['ramat-hasharon', 'Ramat HaSharon', 'רמת השרון', 'tel-aviv-district', 32.146, 34.839, 280],
  ['beit-shemesh', 'Beit Shemesh', 'בית שמש', 'jerusalem-district', 31.747, 34.9881, 280],
  ['hod-hasharon', 'Hod HaSharon', 'הוד השרון', 'sharon', 32.15, 34.888, 270],
  ['kiryat-shmona', 'Kiryat Shmona', 'קריית שמונה', 'galilee', 33.2073, 35.569, 260],
  ['arad', 'Arad', 'ערד', 'negev', 31.2589, 35.2126, 250],
  ['metula', 'Metula', 'מטולה', 'galilee', 33.278, 35.579, 250],
  ['mevaseret-zion', 'Mevaseret Zion', 'מבשרת ציון', 'jerusalem-district', 31.802, 35.15, 240],
  ['yokneam', 'Yokneam', 'יקנעם', 'haifa-district', 32.659, 35.11, 240],
  ['afula', 'Afula', 'עפולה', 'galilee', 32.6078, 35.2897, 230],
  ['majdal-shams', 'Majdal Shams', 'מג׳דל שמס', 'golan-heights', 33.27, 35.77, 230],
  ['kiryat-tivon', "Kiryat Tiv'on", 'קריית טבעון', 'haifa-district', 32.716, 35.127, 220],
  ['rosh-haayin', 'Rosh HaAyin', 'ראש העין', 'central-district', 32.0956, 34.9566, 220],
  ['neve-zohar', 'Neve Zohar', 'נווה זוהר', 'dead-sea', 31.152, 35.365, 210],
  ['dimona', 'Dimona', 'דימונה', 'negev', 31.07, 35.033, 200],
  ['maalot-tarshiha', "Ma'alot-Tarshiha", 'מעלות-תרשיחא', 'galilee', 33.0166, 35.271, 200],
  ['or-yehuda', 'Or Yehuda', 'אור יהודה', 'tel-aviv-district', 32.029, 34.857, 180],
  ['sderot', 'Sderot', 'שדרות', 'negev', 31.525, 34.596, 180],
  ['yeruham', 'Yeruham', 'ירוחם', 'negev', 30.987, 34.929, 170],
];

const neighbourhoods: Row[] = [
  ['rothschild', 'Rothschild', 'רוטשילד', 'tel-aviv', 32.0636, 34.774, 300],
  ['florentin', 'Florentin', 'פלורנטין', 'tel-aviv', 32.0566, 34.77, 290],
  ['neve-tzedek', 'Neve Tzedek', 'נווה צדק', 'tel-aviv', 32.061, 34.766, 290],
  ['jaffa', 'Jaffa', 'יפו', 'tel-aviv', 32.0504, 34.7522, 320],
  ['old-north', 'Old North', 'הצפון הישן', 'tel-aviv', 32.088, 34.778, 270],
  ['kerem-hateimanim', 'Kerem HaTeimanim', 'כרם התימנים', 'tel-aviv', 32.068, 34.767, 230],
  ['ramat-aviv', 'Ramat Aviv', 'רמת אביב', 'tel-aviv', 32.113, 34.798, 220],
  ['lev-hair', 'Lev HaIr', 'לב העיר', 'tel-aviv', 32.07, 34.775, 210],
  ['old-city', 'Old City', 'העיר העתיקה', 'jerusalem', 31.7767, 35.2345, 320],
  ['german-colony', 'German Colony', 'המושבה הגרמנית', 'jerusalem', 31.763, 35.218, 260],
  ['rehavia', 'Rehavia', 'רחביה', 'jerusalem', 31.774, 35.211, 250],
  ['nachlaot', 'Nachlaot', 'נחלאות', 'jerusalem', 31.782, 35.208, 240],
  ['ein-kerem', 'Ein Kerem', 'עין כרם', 'jerusalem', 31.768, 35.161, 240],
  ['baka', 'Baka', 'בקעה', 'jerusalem', 31.756, 35.219, 210],
  ['talpiot', 'Talpiot', 'תלפיות', 'jerusalem', 31.751, 35.221, 200],
  ['katamon', 'Katamon', 'קטמון', 'jerusalem', 31.759, 35.209, 200],
  ['carmel-center', 'Carmel Center', 'מרכז הכרמל', 'haifa', 32.805, 34.987, 240],
  ['haifa-german-colony', 'German Colony', 'המושבה הגרמנית', 'haifa', 32.819, 34.989, 220],
  ['hadar', 'Hadar', 'הדר', 'haifa', 32.811, 34.999, 180],
  ['bat-galim', 'Bat Galim', 'בת גלים', 'haifa', 32.832, 34.979, 190],
  ['eilat-north-beach', 'North Beach', 'החוף הצפוני', 'eilat', 29.556, 34.958, 230],
  ['coral-beach', 'Coral Beach', 'חוף האלמוגים', 'eilat', 29.508, 34.921, 210],
];

const toPlace =
  (kind: PlaceKind) =>
  ([slug, nameEn, nameHe, parentSlug, latitude, longitude, popularity]: Row): GazetteerPlace => ({
    slug,
    kind,
    nameEn,
    nameHe,
    parentSlug,
    latitude,
    longitude,
    popularity,
  });

/** Ordered so that every parent comes before its children. */
export const gazetteer: readonly GazetteerPlace[] = [
  ...regions.map(toPlace('region')),
  ...cities.map(toPlace('city')),
  ...neighbourhoods.map(toPlace('neighbourhood')),
];

/**
 * Hebrew names whose leading ה is the definite article: after the prefix ב it drops
 * ('בצפון הישן'), unlike names where ה is part of the word ('בהרצליה', 'בהדר').
 */
export const hebrewArticleSlugs: ReadonlySet<string> = new Set([
  'old-north',
  'old-city',
  'german-colony',
  'haifa-german-colony',
  'eilat-north-beach',
  'sharon',
  'galilee',
  'negev',
]);
