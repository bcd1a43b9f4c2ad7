// Loaded with the palette on first use (PaletteLauncher), so neither /login nor the shell's first paint pays for it.
import '@mantine/spotlight/styles.css';
import { Group, Kbd, Loader, Modal, Text, useMantineColorScheme, VisuallyHidden } from '@mantine/core';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { type Icon, IconArticle, IconList, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ARTICLE_RESOURCE, canAccess } from '../../../../shared/permissions';
import { ArticleStatusBadge } from '../../articles/form/ArticleStatusBadge';
import { ARTICLE_LIST_PATH, previewPathFor } from '../../articles/form/paths';
import { editPathFor } from '../../articles/list/article-row';
import { EMPTY_FILTERS, withFilters } from '../../articles/list/list-query';
import { useSession } from '../../session/session-context';
import { useSignOut } from '../use-sign-out';
import { type ArticleSearch, useArticleSearch } from './article-search';
import classes from './CommandPalette.module.css';
import {
  filterPaletteActions,
  groupPaletteActions,
  type PaletteAction,
  type PaletteTarget,
  paletteActions,
} from './palette-actions';

const [store, palette] = createSpotlight();
const LIST_ID = 'command-palette-options';

/**
 * The listbox is the list's scrolling viewport, the element the search box controls, so that scrolling it needs no
 * focus of its own: the highlighted row moves with the arrow keys. ActionsList hands `viewportProps` on to its
 * ScrollArea without declaring it, hence a spread.
 */
const LISTBOX_VIEWPORT = { viewportProps: { id: LIST_ID, role: 'listbox', 'aria-label': 'Results' } };

/** One row of the list, whatever it does. */
interface Option {
  id: string;
  label: string;
  description?: string;
  icon?: Icon;
  right?: ReactNode;
  run: () => void;
}

/** Spotlight.Action drops its `id` prop; an option needs one for the search box's aria-activedescendant. */
const withId = (id: string) => (node: HTMLElement | null) => {
  node?.setAttribute('id', id);
};

interface Section {
  label: string;
  options: Option[];
}

const highlightedRow = () => document.getElementById(LIST_ID)?.querySelector<HTMLElement>('[data-selected]');

/**
 * Spotlight keeps the highlighted row as a `data-selected` attribute and an index. When rows come or go without a
 * new query (the article matches arrive), the highlight may be gone or point elsewhere: the first row takes it, so
 * Enter always opens something, and the index follows the attribute.
 */
function keepOneSelected() {
  const rows = [...(document.getElementById(LIST_ID)?.querySelectorAll('[data-action]') ?? [])];
  let index = rows.findIndex((row) => row.hasAttribute('data-selected'));
  if (index < 0 && rows[0]) {
    index = 0;
    rows[0].setAttribute('data-selected', 'true');
  }
  if (store.getState().selected !== index) store.updateState((state) => ({ ...state, selected: index }));
}

/**
 * The id of the highlighted row, for aria-selected and aria-activedescendant. Spotlight moves the highlight (the
 * arrows, a new query) on the DOM without a render, and rows come and go (the article matches arrive), so while
 * the dialog is open the list is watched.
 */
function useHighlightedId(opened: boolean): string | undefined {
  const [id, setId] = useState<string>();
  useEffect(() => {
    if (!opened) return;
    const sync = () => {
      keepOneSelected();
      setId(highlightedRow()?.id);
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-selected'],
    });
    return () => observer.disconnect();
  }, [opened]);
  return id;
}

function articleSection(search: ArticleSearch, text: string, open: (to: string) => void, canEdit: boolean): Section[] {
  if (search.state !== 'found' || search.rows.length === 0) return [];
  const options: Option[] = search.rows.map((row) => ({
    id: `palette-article-${row._id}`,
    label: row.title || 'Untitled',
    description: canEdit ? row.type : `${row.type} · opens the preview`,
    icon: IconArticle,
    right: <ArticleStatusBadge status={row.status} />,
    run: () => open(canEdit ? editPathFor(row) : previewPathFor(row._id)),
  }));
  if (search.total > search.rows.length) {
    const params = withFilters(new URLSearchParams(), { ...EMPTY_FILTERS, search: text });
    options.push({
      id: 'palette-article-all',
      label: `All ${search.total} matches in the article list`,
      icon: IconList,
      run: () => open(`${ARTICLE_LIST_PATH}?${params.toString()}`),
    });
  }
  return [{ label: 'Articles', options }];
}

interface SearchStatusProps {
  search: ArticleSearch;
  text: string;
  /** No screen or command matches either. */
  nothingElse: boolean;
}

/**
 * What the list says about the article search (or that nothing matches at all), outside the listbox, which holds
 * only options, and read out as it changes.
 */
function SearchStatus({ search, text, nothingElse }: SearchStatusProps) {
  let message: ReactNode = null;
  let shown = true;
  if (search.state === 'off') {
    if (nothingElse && text) message = `Nothing matches “${text}”.`;
  } else if (search.state === 'searching') {
    message = (
      <Group gap="xs">
        <Loader size={14} />
        <span>Searching articles…</span>
      </Group>
    );
  } else if (search.state === 'failed') {
    message = <span className={classes.error}>Could not search articles. {search.message}</span>;
  } else if (search.state === 'found' && search.rows.length === 0) {
    message = `No articles match “${text}”.`;
  } else if (search.state === 'found') {
    shown = false;
    message = <VisuallyHidden>{`${search.total} ${search.total === 1 ? 'article' : 'articles'} found`}</VisuallyHidden>;
  }
  return (
    <Text component="div" role="status" size="sm" c="dimmed" className={message && shown ? classes.status : undefined}>
      {message}
    </Text>
  );
}

export interface CommandPaletteProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Ctrl/Cmd+K: go to a screen of the sidebar, open a create form, find an article by title, or change the account
 * or the theme. Mantine's Spotlight does the dialog, the focus and the arrow keys; the rows carry combobox and
 * listbox semantics so screen readers follow the highlighted row.
 */
export function CommandPalette({ opened, onClose }: CommandPaletteProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { setColorScheme } = useMantineColorScheme();
  const [query, setQuery] = useState('');
  const search = useArticleSearch(query, canAccess(user, ARTICLE_RESOURCE, ['Read']));

  useEffect(() => {
    if (opened) palette.open();
    else palette.close();
  }, [opened]);

  const actions = useMemo(() => paletteActions(user), [user]);
  const run = (target: PaletteTarget) => {
    if (target.kind === 'screen') navigate(target.to);
    else if (target.kind === 'colorScheme') setColorScheme(target.scheme);
    else void signOut();
  };
  const asOption = (action: PaletteAction): Option => ({
    id: `palette-${action.id.replace(/[^\w-]/g, '-')}`,
    label: action.label,
    description: action.description,
    icon: action.icon,
    run: () => run(action.target),
  });
  const text = query.trim();
  const sections: Section[] = [
    ...groupPaletteActions(filterPaletteActions(actions, text)).map(({ group, actions: inGroup }) => ({
      label: group,
      options: inGroup.map(asOption),
    })),
    ...articleSection(search, text, navigate, canAccess(user, ARTICLE_RESOURCE, ['Edit', 'EditOwn'])),
  ];
  const options = sections.flatMap((section) => section.options);
  const activeId = useHighlightedId(opened);

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      onSpotlightClose={onClose}
      shortcut={null}
      scrollable
      maxHeight="min(440px, calc(100dvh - 220px))"
      classNames={{ actionsGroup: classes.group, action: classes.action }}
    >
      <Modal.Title className={classes.title}>Search screens and articles</Modal.Title>
      <Spotlight.Search
        placeholder="Go to a screen or find an article…"
        aria-label="Search screens and articles"
        leftSection={<IconSearch size={20} stroke={1.6} aria-hidden />}
        role="combobox"
        aria-expanded
        aria-controls={LIST_ID}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        spellCheck={false}
      />
      <Spotlight.ActionsList {...LISTBOX_VIEWPORT}>
        {sections.map((section) => (
          <Spotlight.ActionsGroup key={section.label} label={section.label} role="group" aria-label={section.label}>
            {section.options.map((option) => (
              <Spotlight.Action
                key={option.id}
                ref={withId(option.id)}
                role="option"
                aria-selected={option.id === activeId}
                label={option.label}
                description={option.description}
                leftSection={option.icon ? <option.icon size={20} stroke={1.6} aria-hidden /> : undefined}
                rightSection={option.right}
                dimmedSections={!option.right}
                highlightQuery
                onClick={option.run}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
      </Spotlight.ActionsList>
      <SearchStatus search={search} text={text} nothingElse={options.length === 0} />
      <Spotlight.Footer visibleFrom="sm" className={classes.footer}>
        <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move · <Kbd size="xs">Enter</Kbd> to open ·{' '}
        <Kbd size="xs">Esc</Kbd> to close
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
