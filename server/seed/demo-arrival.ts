import type { ArrivalInfo } from '../../core/arrival-info.ts';
import type { DemoListing } from './demo-listings.ts';

/**
 * Demo arrival information (issue 41, item 1) in both languages, for every demo listing: picked by
 * the listing's index, not drawn from the random stream, so the rest of the demo data stays as it was.
 */
const homeInstructions: [string, string][] = [
  [
    'The key is in the lock box to the left of the entrance. The code is the last four digits of your booking number. The flat is on the third floor; the lift is on the right.',
    'המפתח בכספת המפתחות משמאל לכניסה. הקוד הוא ארבע הספרות האחרונות של מספר ההזמנה. הדירה בקומה השלישית; המעלית מימין.',
  ],
  [
    'I will meet you at the door; send me a message an hour before you arrive. Free street parking after 19:00 (blue and white kerb).',
    'אפגוש אתכם בדלת; שלחו לי הודעה שעה לפני שאתם מגיעים. חניה חופשית ברחוב אחרי 19:00 (אבן שפה כחול-לבן).',
  ],
  [
    'The building door code is 2580. The keys wait under the mat of flat 4 on the ground floor. Please leave them on the kitchen table when you go.',
    'הקוד של דלת הבניין הוא 2580. המפתחות מחכים מתחת לשטיח של דירה 4 בקומת הקרקע. בבקשה השאירו אותם על שולחן המטבח ביציאה.',
  ],
];
const homeManuals: [string, string][] = [
  [
    'Air conditioning: the remote is in the living-room drawer. Boiler (dud shemesh): switch on 30 minutes before a shower on cloudy days. Rubbish goes to the green bins in the yard; recycling to the orange cage on the corner.',
    'מזגן: השלט במגירה בסלון. דוד שמש: להדליק חצי שעה לפני מקלחת בימים מעוננים. האשפה לפחים הירוקים בחצר; מחזור לכלוב הכתום בפינה.',
  ],
  [
    'Quiet hours are 14:00-16:00 and after 23:00. The washing machine is on the balcony; powder under the sink. The safe room (mamad) is the small bedroom.',
    'שעות המנוחה הן 14:00-16:00 ואחרי 23:00. מכונת הכביסה במרפסת; אבקה מתחת לכיור. הממ"ד הוא חדר השינה הקטן.',
  ],
];
const hotelInstructions: [string, string] = [
  'Reception is open around the clock: show your ID and your booking on arrival. Parking in the hotel garage, entrance from the side street.',
  'הקבלה פתוחה מסביב לשעון: הציגו תעודה מזהה ואת ההזמנה בהגעה. חניה בחניון המלון, כניסה מהרחוב הצדדי.',
];
const hotelManual: [string, string] = [
  'Breakfast 07:00-10:30 in the dining room. Checkout by 11:00; late checkout on request at reception.',
  'ארוחת בוקר 07:00-10:30 בחדר האוכל. פינוי החדר עד 11:00; יציאה מאוחרת לפי בקשה בקבלה.',
];

export function demoArrivalInfo(listing: Pick<DemoListing, 'propertyType' | 'titleEn'>, index: number): ArrivalInfo {
  const hotel = listing.propertyType === 'hotel';
  const [instructionsEn, instructionsHe] = hotel ? hotelInstructions : homeInstructions[index % homeInstructions.length]!;
  const [manualEn, manualHe] = hotel ? hotelManual : homeManuals[index % homeManuals.length]!;
  return {
    checkInInstructionsEn: instructionsEn,
    checkInInstructionsHe: instructionsHe,
    houseManualEn: manualEn,
    houseManualHe: manualHe,
    wifiName: hotel ? 'Hotel-Guests' : `Lina-Home-${100 + index}`,
    wifiPassword: hotel ? `welcome${1000 + index}` : `shalom-${(index * 7919) % 100000}`,
  };
}
