import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rules of docs/performance-rules.md, run on a page as a developer would write it.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((message) => message.message);
}

describe('the lint rules that keep heavy libraries out of the first load', () => {
  it('fail on a static import of zod, Radix, MapLibre or react-day-picker in a page, or of core code that imports zod', async () => {
    const code = [
      "import { z } from 'zod';",
      "import * as Dialog from '@radix-ui/react-dialog';",
      "import { Map as MapLibreMap } from 'maplibre-gl';",
      "import { DayPicker } from 'react-day-picker';",
      "import { emailSchema } from '../../../core/auth-schemas.ts';",
      "import { publicSettingsSchema } from '../../../core/contracts/settings.ts';",
      'export const used = [z, Dialog, MapLibreMap, DayPicker, emailSchema, publicSettingsSchema];',
    ].join('\n');
    const messages = await restrictedImports('web/features/new-thing/new-thing-page.tsx', code);
    expect(messages).toHaveLength(6);
    expect(await restrictedImports('web/app/shell-part.tsx', "import { z } from 'zod';\nexport const used = z;\n")).toHaveLength(1);
  }, 60_000);

  it('fail on a static import of a lazy chunk, which would bring its library back', async () => {
    const code = [
      "import { RadixShell } from '../../components/ui/dialog-radix.tsx';",
      "import RangeCalendar from '../../components/search/range-calendar.tsx';",
      'export const used = [RadixShell, RangeCalendar];',
    ].join('\n');
    expect(await restrictedImports('web/features/new-thing/new-thing-page.tsx', code)).toHaveLength(2);
  }, 60_000);

  it('allow type imports, import(), the lazy chunks themselves and tests', async () => {
    const code = [
      "import type { ZodType } from 'zod';",
      "import type { Map as MapLibreMap } from 'maplibre-gl';",
      "import type { RangeCalendarProps } from '../../components/search/range-calendar.tsx';",
      "export const load = () => import('zod');",
      'export type Used = [ZodType, MapLibreMap, RangeCalendarProps];',
    ].join('\n');
    expect(await restrictedImports('web/features/new-thing/new-thing-page.tsx', code)).toEqual([]);
    expect(
      await restrictedImports(
        'web/components/ui/dialog-radix.tsx',
        "import * as Dialog from '@radix-ui/react-dialog';\nexport const used = Dialog;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports('web/features/new-thing/new-thing.test.ts', "import { z } from 'zod';\nexport const used = z;\n"),
    ).toEqual([]);
  }, 60_000);
});
