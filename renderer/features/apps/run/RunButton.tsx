/**
 * Deploy, Undeploy and Restart: each a button that asks first, naming the app and saying what happens. Once the
 * platform accepts, the app is followed (see app-follow.ts) until its status settles; a refusal stays in the dialog
 * in words (suspended, gone), with a way back to the list when the app no longer exists.
 */
import { Play, RotateCw, Square } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useCallMutation } from '../../../bridge/queries';
import { notify } from '../../../ui/toast';
import { useAppFollow } from '../app-follow';
import { actionError, isGone } from './action-errors';
import { ActionDialog } from './ActionDialog';

export type RunAction = 'deploy' | 'undeploy' | 'restart';

/** An action's words: its verb ("Deploy": the button, the dialog's title and its confirm) and its -ing form (busy, done). */
interface Wording {
  readonly verb: string;
  readonly doing: string;
  readonly icon: ReactNode;
  readonly what: (name: string) => ReactNode;
  readonly danger: boolean;
}

const WORDS: Readonly<Record<RunAction, Wording>> = {
  deploy: {
    verb: 'Deploy',
    doing: 'Deploying',
    icon: <Play size={14} aria-hidden />,
    what: (n) => (
      <p>
        The platform starts the instances of <strong>{n}</strong> in its regions, as many per region as its scaling says. Running instances are billed. This page follows the status until they run.
      </p>
    ),
    danger: false,
  },
  undeploy: {
    verb: 'Undeploy',
    doing: 'Undeploying',
    icon: <Square size={14} aria-hidden />,
    what: () => <p>Every instance stops; the app keeps its settings and can be deployed again.</p>,
    danger: true,
  },
  restart: {
    verb: 'Restart',
    doing: 'Restarting',
    icon: <RotateCw size={14} aria-hidden />,
    what: (n) => (
      <p>
        Every instance of <strong>{n}</strong> stops and starts again with the same settings. While they start, the app may answer slowly or not at all.
      </p>
    ),
    danger: true,
  },
};

const METHOD = { deploy: 'apps.deploy', undeploy: 'apps.undeploy', restart: 'apps.restart' } as const;

interface Props {
  readonly action: RunAction;
  readonly id: string;
  readonly name: string;
  /** The app is gone (404): the page offers the way back to the list. */
  readonly onGone: () => void;
  /** The button's look: the one thing to do next is primary. */
  readonly primary?: boolean;
}

export function RunButton({ action, id, name, onGone, primary = false }: Props) {
  const w = WORDS[action];
  const [open, setOpen] = useState(false);
  const follow = useAppFollow((s) => s.started);
  const run = useCallMutation(METHOD[action], {
    onSuccess: () => {
      follow(id, action);
      setOpen(false);
      notify.success(`${w.doing} ${name}…`);
    },
  });
  const error = run.isError ? actionError(run.error, name, action) : null;
  return (
    <>
      <button
        type="button"
        className={primary ? 'primary' : undefined}
        onClick={() => {
          run.reset();
          setOpen(true);
        }}
        data-testid={`app-${action}`}
      >
        {w.icon} {w.verb}…
      </button>
      <ActionDialog
        open={open}
        onOpenChange={setOpen}
        title={`${w.verb} “${name}”?`}
        description={w.what(name)}
        confirmLabel={w.verb}
        busyLabel={`${w.doing}…`}
        busy={run.isPending}
        danger={w.danger}
        error={error}
        errorActions={
          run.isError && isGone(run.error) ? (
            <div className="row">
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  onGone();
                }}
              >
                Back to the list
              </button>
            </div>
          ) : undefined
        }
        onConfirm={() => run.mutate({ id })}
        testId={`${action}-app-dialog`}
      />
    </>
  );
}
