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

interface Wording {
  readonly button: string;
  readonly icon: ReactNode;
  readonly title: (name: string) => string;
  readonly what: (name: string) => ReactNode;
  readonly confirm: string;
  readonly busy: string;
  readonly done: (name: string) => string;
  readonly danger: boolean;
}

const WORDS: Readonly<Record<RunAction, Wording>> = {
  deploy: {
    button: 'Deploy…',
    icon: <Play size={14} aria-hidden />,
    title: (n) => `Deploy “${n}”?`,
    what: (n) => (
      <p>
        The platform starts the instances of <strong>{n}</strong> in its regions, as many per region as its scaling says. Running instances are billed. This page follows the status until they run.
      </p>
    ),
    confirm: 'Deploy',
    busy: 'Deploying…',
    done: (n) => `Deploying ${n}…`,
    danger: false,
  },
  undeploy: {
    button: 'Undeploy…',
    icon: <Square size={14} aria-hidden />,
    title: (n) => `Undeploy “${n}”?`,
    what: () => <p>Every instance stops; the app keeps its settings and can be deployed again.</p>,
    confirm: 'Undeploy',
    busy: 'Undeploying…',
    done: (n) => `Undeploying ${n}…`,
    danger: true,
  },
  restart: {
    button: 'Restart…',
    icon: <RotateCw size={14} aria-hidden />,
    title: (n) => `Restart “${n}”?`,
    what: (n) => (
      <p>
        Every instance of <strong>{n}</strong> stops and starts again with the same settings. While they start, the app may answer slowly or not at all.
      </p>
    ),
    confirm: 'Restart',
    busy: 'Restarting…',
    done: (n) => `Restarting ${n}…`,
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
      notify.success(w.done(name));
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
        {w.icon} {w.button}
      </button>
      <ActionDialog
        open={open}
        onOpenChange={setOpen}
        title={w.title(name)}
        description={w.what(name)}
        confirmLabel={w.confirm}
        busyLabel={w.busy}
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
