// The outline's nodes for the tree view: the document tree (engine/core/studio/tree.ts)
// as one list of nodes with their levels and parents, which the keyboard moves through.
import { isTreeField, type DocumentTree, type TreeField } from '../../../engine/core/studio/tree.ts';
import { draftTexts as t } from './messages.fi.ts';

export type Target = { type: 'field'; field: TreeField } | { type: 'step'; index: number } | { type: 'include'; section: string; party: string } | { type: 'group' };

export interface OutlineNode {
  key: string;
  label: string;
  /** What is said after the name (the kind, where it comes from). */
  detail?: string;
  level: number;
  parent?: string;
  children: OutlineNode[];
  target: Target;
}

const fieldNode = (field: TreeField, level: number, parent: string): OutlineNode => ({
  key: `field:${field.flatId}`,
  label: field.label,
  detail: [t.kinds[field.kind], field.from ? t.fromSection(field.from.section, field.from.party) : undefined].filter(Boolean).join(', '),
  level,
  parent,
  children: [],
  target: { type: 'field', field },
});

/** Steps at the top; a step's sections under it when it has more than one or a titled one; fields under those. */
export function outlineOf(tree: DocumentTree): OutlineNode[] {
  const roots: OutlineNode[] = tree.steps.map((step) => {
    const key = `step:${step.index}`;
    const flat = step.sections.length === 1 && (step.sections[0].title === undefined || tree.kind === 'section');
    const entriesUnder = (entries: (typeof step.sections)[number]['entries'], level: number, parent: string): OutlineNode[] =>
      entries.map((entry) =>
        isTreeField(entry)
          ? fieldNode(entry, level, parent)
          : {
              key: `include:${entry.include.section}:${entry.include.party}`,
              label: t.include(entry.include.section, entry.include.party),
              level,
              parent,
              children: [],
              target: { type: 'include', section: entry.include.section, party: entry.include.party },
            },
      );
    return {
      key,
      label: tree.kind === 'section' ? step.title : t.step(step.number, step.title),
      level: 1,
      children: flat
        ? entriesUnder(step.sections[0].entries, 2, key)
        : step.sections.map((section) => {
            const sectionKey = `${key}:section:${section.index}`;
            return { key: sectionKey, label: section.title ?? t.untitledSection, level: 2, parent: key, children: entriesUnder(section.entries, 3, sectionKey), target: { type: 'group' } as Target };
          }),
      target: tree.kind === 'section' ? { type: 'group' } : { type: 'step', index: step.index },
    };
  });
  if (tree.derived.length) roots.push({ key: 'derived', label: t.derivedGroup, level: 1, children: tree.derived.map((field) => fieldNode(field, 2, 'derived')), target: { type: 'group' } });
  return roots;
}

/** The nodes a reader sees, in order: a collapsed node's children are not among them. */
export function visibleNodes(roots: readonly OutlineNode[], expanded: ReadonlySet<string>): OutlineNode[] {
  const out: OutlineNode[] = [];
  const walk = (nodes: readonly OutlineNode[]) => {
    for (const node of nodes) {
      out.push(node);
      if (node.children.length && expanded.has(node.key)) walk(node.children);
    }
  };
  walk(roots);
  return out;
}

/** Every node with children, for expanding everything at once. */
export function parentKeys(roots: readonly OutlineNode[]): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly OutlineNode[]) => {
    for (const node of nodes)
      if (node.children.length) {
        out.push(node.key);
        walk(node.children);
      }
  };
  walk(roots);
  return out;
}
