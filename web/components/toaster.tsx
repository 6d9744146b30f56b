import { Toaster as SonnerToaster } from 'sonner';

/** The app's notification area (sonner); its own chunk, mounted by the root layout after hydration. */
export default function Toaster({
  dir,
  theme,
  label,
  closeLabel,
}: {
  dir: 'ltr' | 'rtl';
  theme: 'light' | 'dark';
  label: string;
  closeLabel: string;
}) {
  return (
    <SonnerToaster
      dir={dir}
      theme={theme}
      richColors
      closeButton
      position="top-center"
      offset={{ top: 76 }}
      mobileOffset={{ top: 68 }}
      containerAriaLabel={label}
      toastOptions={{ closeButtonAriaLabel: closeLabel }}
    />
  );
}
