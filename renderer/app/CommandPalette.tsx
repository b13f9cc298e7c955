/** Ctrl/Cmd+K: go to an area, or do something — in the current screen, in another one, or for the whole app. */
import { Command } from 'cmdk';
import { Download, FilePlus2, FileText, FileUp, Link, Link2, Plug, Plus, RotateCcw, SunMoon, UserRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorOf } from '../bridge/client';
import { useCall, useCallMutation, useFetchCall } from '../bridge/queries';
import { useLibrary } from '../features/videos/library/library-store';
import { AREA_LABEL } from '../features/settings/connection-words';
import { notify } from '../ui/toast';
import { AREAS, type AreaId } from './areas';
import { useNav } from './nav-store';
import { requestScreenAction } from './screen-actions';
import { useTheme, type ThemeChoice } from './theme';

/** One command: what it says, what it does, and (optionally) the only area where it is offered. */
interface PaletteAction {
  readonly label: string;
  readonly icon: LucideIcon;
  run(): void;
  readonly onlyIn?: AreaId;
}

/**
 * Commands performed by a screen (see screen-actions.ts): choosing one shows the area and does it there.
 * Adding a command is one line here (and, for a new screen action, one line in SCREEN_ACTIONS and a handler).
 */
const ACTIONS: readonly PaletteAction[] = [
  { label: 'New app', icon: Plus, run: () => requestScreenAction('apps.new') },
  { label: 'New app from a compose file…', icon: FileUp, run: () => requestScreenAction('apps.importCompose') },
  { label: 'Choose files to upload…', icon: FilePlus2, run: () => requestScreenAction('videos.chooseFiles') },
  {
    label: 'Fetch a video from a URL…',
    icon: Link,
    run: () => {
      // The form sits in the upload queue's view.
      useLibrary.getState().setView('queue');
      requestScreenAction('videos.fetchUrl');
    },
  },
  { label: 'Open log file…', icon: FileText, run: () => requestScreenAction('logs.openFile') },
  { label: 'Export logs…', icon: Download, run: () => requestScreenAction('logs.export') },
  // Links name a place in the Logs viewer, the only place that has them.
  { label: 'Copy link to this view', icon: Link2, run: () => requestScreenAction('logs.copyLink'), onlyIn: 'logs' },
];

/** The theme on screen now: "system" is whatever the OS shows. */
function shownTheme(choice: ThemeChoice): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** A group with a heading, left out entirely when it has nothing to offer (cmdk hides it while a search empties it). */
function Group({ heading, children }: { readonly heading: string; readonly children: readonly ReactNode[] }) {
  if (children.length === 0) return null;
  return <Command.Group heading={heading}>{children}</Command.Group>;
}

function Item({ label, icon: Icon, onSelect }: { readonly label: string; readonly icon: LucideIcon; onSelect(): void }) {
  return (
    <Command.Item value={label} onSelect={onSelect}>
      <Icon aria-hidden="true" size={16} /> {label}
    </Command.Item>
  );
}

export function CommandPalette() {
  const open = useNav((s) => s.paletteOpen);
  const setOpen = useNav((s) => s.setPaletteOpen);
  const area = useNav((s) => s.area);
  const go = useNav((s) => s.go);
  const theme = useTheme((s) => s.choice);
  const setTheme = useTheme((s) => s.set);
  const profiles = useCall('settings.profiles', {});
  const activate = useCallMutation('settings.activateProfile', { onError: (e) => notify.error(errorOf(e).title) });
  const fetchCall = useFetchCall();
  const active = profiles.data?.profiles.find((p) => p.id === profiles.data?.activeId);
  const others = (profiles.data?.profiles ?? []).filter((p) => p.id !== active?.id);
  const nextTheme = shownTheme(theme) === 'dark' ? 'light' : 'dark';

  const switchTo = (id: string) => {
    setOpen(false);
    activate.mutate({ id });
  };

  async function testConnection(id: string, name: string) {
    setOpen(false);
    try {
      const { checks } = await fetchCall('settings.testProfile', { id });
      const failing = checks.filter((c) => c.state !== 'ok');
      if (failing.length === 0) notify.success(`${name}: every area answers.`);
      else notify.warning(`${name}: ${failing.map((c) => `${AREA_LABEL[c.area]} — ${c.summary}`).join(' ')}`);
    } catch (e) {
      notify.error(errorOf(e).title);
    }
  }

  const actions = ACTIONS.filter((a) => a.onlyIn === undefined || a.onlyIn === area).map((a) => <Item key={a.label} label={a.label} icon={a.icon} onSelect={a.run} />);
  const app = [
    <Item
      key="theme"
      label={`Toggle theme (switch to ${nextTheme})`}
      icon={SunMoon}
      onSelect={() => {
        setTheme(nextTheme);
        setOpen(false);
      }}
    />,
    ...(active ? [<Item key="test" label={`Test connection of ${active.name}`} icon={Plug} onSelect={() => void testConnection(active.id, active.name)} />] : []),
    // Offered while there is a sandbox to reset; Settings asks before anything is deleted.
    ...(profiles.data?.profiles.some((p) => p.kind === 'sandbox') ? [<Item key="reset" label="Reset sandbox…" icon={RotateCcw} onSelect={() => requestScreenAction('settings.resetSandbox')} />] : []),
  ];
  const switches = others.map((p) => <Item key={p.id} label={`Switch to profile ${p.name}`} icon={UserRound} onSelect={() => switchTo(p.id)} />);

  return (
    <Command.Dialog open={open} onOpenChange={setOpen} label="Command palette" className="palette" overlayClassName="palette-overlay">
      <Command.Input placeholder="Go to or do…" aria-label="Command" />
      <Command.List>
        <Command.Empty>No matching command.</Command.Empty>
        <Group heading="Areas">
          {AREAS.map((a) => (
            <Item key={a.id} label={`Go to ${a.label}`} icon={a.icon} onSelect={() => go(a.id)} />
          ))}
        </Group>
        <Group heading="Actions">{actions}</Group>
        <Group heading="App">{app}</Group>
        <Group heading="Profiles">{switches}</Group>
      </Command.List>
    </Command.Dialog>
  );
}
