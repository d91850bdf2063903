import { Check, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { IconButton } from '../ui/icon-button';

type Props = {
  isBusy: boolean;
  /** Absent where the person may not approve: no button. */
  onApprove?: () => void;
  /** Absent where the person may not reject: no button. */
  onReject?: () => void;
  /** Who registered: in the buttons' accessible names, where several share a row, and in the question. */
  name: string;
};

/**
 * Approve and Reject for a registration waiting for an administrator. Rejecting asks first: it
 * deletes the account and mails the person, and cannot be taken back.
 */
export function DecisionButtons({ isBusy, onApprove, onReject, name }: Props) {
  const { t } = useTranslation();
  const [isAsking, setIsAsking] = useState(false);
  const rejectButton = useRef<HTMLButtonElement>(null);
  // The decision's busy state reaches the buttons a moment after the click: the second click of a
  // double click would send it again. One decision at a time, until the last one has settled.
  const isDeciding = useRef(false);
  useEffect(() => {
    if (!isBusy) isDeciding.current = false;
  }, [isBusy]);
  const decide = (decision: (() => void) | undefined) => {
    if (isDeciding.current || !decision) return;
    isDeciding.current = true;
    decision();
  };
  return (
    <>
      {onApprove && (
        <IconButton
          look="smallConfirm"
          icon={<Check className="size-3.5" aria-hidden />}
          disabled={isBusy}
          onClick={() => decide(onApprove)}
          aria-label={t('invites.approveOf', { name })}
        >
          {t('invites.approve')}
        </IconButton>
      )}
      {onReject && (
        <IconButton
          ref={rejectButton}
          look="smallRefuse"
          icon={<X className="size-3.5" aria-hidden />}
          disabled={isBusy}
          onClick={() => setIsAsking(true)}
          aria-label={t('invites.rejectOf', { name })}
        >
          {t('invites.reject')}
        </IconButton>
      )}
      <ConfirmDialog
        returnFocusTo={rejectButton}
        isOpen={isAsking}
        onCancel={() => setIsAsking(false)}
        onConfirm={() => {
          setIsAsking(false);
          decide(onReject);
        }}
        title={t('invites.rejectOf', { name })}
        text={t('invites.rejectText')}
        confirmLabel={t('invites.reject')}
        cancelLabel={t('common.cancel')}
      />
    </>
  );
}
