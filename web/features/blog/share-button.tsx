import { Share2 } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation.tsx';
import { toast } from '../../lib/toast.ts';
import { Button } from '../../components/ui/button.tsx';

/** Shares the page with the system share sheet where there is one, else copies its link. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const onShare = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The reader closed the share sheet: nothing to report.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('blog.share.copied'));
    } catch {
      toast.error(t('blog.share.failed'));
    }
  };
  return (
    <Button variant="secondary" onClick={() => void onShare()} data-testid="blog-share">
      <Share2 className="size-4" aria-hidden="true" />
      {t('blog.share.label')}
    </Button>
  );
}
