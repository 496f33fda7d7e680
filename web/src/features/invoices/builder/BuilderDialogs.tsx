import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { InvoiceUploadDialog } from '../../integrations/InvoiceUploadDialog';
import { BUILDER_MESSAGES } from './builder-messages';
import { priceCents } from './invoice-math';
import { BelowCostDialog, DuplicateDialog, ZeroPriceDialog } from './SaveDialogs';
import type { InvoiceBuilder } from './useInvoiceBuilder';

/**
 * The builder's questions: the save's (zero price, below cost, duplicate), replacing the items with the customer's
 * last invoice, leaving with unsaved lines, and Upload Invoice.
 */
export function BuilderDialogs({ builder }: { builder: InvoiceBuilder }) {
  const { state, dispatch, blocker } = builder;
  const { step, replaceWith, values } = state;
  return (
    <>
      <ZeroPriceDialog
        products={step.kind === 'zero-price' ? step.products : null}
        onFix={() => {
          const free = values.lines.find((line) => priceCents(line.price) === 0);
          builder.fixPrice(free?.key);
        }}
        onSkip={builder.skipZeroPrice}
      />
      <BelowCostDialog
        lines={step.kind === 'below-cost' ? step.lines : null}
        onFix={builder.fixPrice}
        onConfirm={() => void builder.save(false)}
      />
      <DuplicateDialog
        existing={step.kind === 'duplicate' ? step.existing : null}
        message={step.kind === 'duplicate' ? step.message : ''}
        busy={false}
        onNevermind={() => dispatch({ type: 'stepChanged', step: { kind: 'editing' } })}
        onCreateAnyway={() => void builder.save(true)}
      />
      <ConfirmDialog
        open={replaceWith !== null}
        title={`Replace the items with those of invoice #${replaceWith?.number ?? ''}?`}
        confirmLabel="Replace Items"
        cancelLabel="Nevermind"
        onConfirm={() => replaceWith && builder.copyItems(replaceWith)}
        onClose={() => dispatch({ type: 'replaceDismissed' })}
      >
        The {values.lines.length === 1 ? 'item' : `${values.lines.length} items`} on this invoice are replaced
        by the {replaceWith?.items.length ?? 0} of the customer's last invoice, with its note.
      </ConfirmDialog>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={BUILDER_MESSAGES.leaveTitle}
        confirmLabel="Leave"
        cancelLabel="Stay"
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        {BUILDER_MESSAGES.leaveText}
      </ConfirmDialog>
      {state.uploading && (
        <InvoiceUploadDialog
          replacing={values.lines.length > 0}
          onClose={() => dispatch({ type: 'uploadClosed' })}
          onConverted={builder.fromFile}
        />
      )}
    </>
  );
}
