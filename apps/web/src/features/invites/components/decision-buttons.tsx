import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/ui/icon-button';

type Props = {
  isBusy: boolean;
  onApprove: () => void;
  onReject: () => void;
  /** Names the registrant in the buttons' accessible names, where several share a row. */
  name?: string;
};

/** Approve and Reject for a registration waiting for an administrator. */
export function DecisionButtons({ isBusy, onApprove, onReject, name }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <IconButton
        look="smallConfirm"
        icon={<Check className="size-3.5" aria-hidden />}
        disabled={isBusy}
        onClick={onApprove}
        aria-label={name === undefined ? undefined : t('invites.approveOf', { name })}
      >
        {t('invites.approve')}
      </IconButton>
      <IconButton
        look="smallRefuse"
        icon={<X className="size-3.5" aria-hidden />}
        disabled={isBusy}
        onClick={onReject}
        aria-label={name === undefined ? undefined : t('invites.rejectOf', { name })}
      >
        {t('invites.reject')}
      </IconButton>
    </>
  );
}
