// The outline as a WAI-ARIA tree: one tab stop, arrows move (Up/Down), open and close
// (Right/Left), Home/End jump, Enter or Space selects; `*` opens every sibling.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { visibleNodes, type OutlineNode } from './outline.ts';

interface Props {
  roots: OutlineNode[];
  label: string;
  selected?: string;
  onSelect(node: OutlineNode): void;
  /** Enter on a node: select it and go on to its details. */
  onActivate?(node: OutlineNode): void;
}

export function OutlineTree({ roots, label, selected, onSelect, onActivate }: Props): ReactNode {
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(roots.map((node) => node.key)));
  const [active, setActive] = useState<string | undefined>(selected ?? roots[0]?.key);
  const items = useRef(new Map<string, HTMLLIElement>());
  const idPrefix = useId();
  // A node's name is its own row, not the text of everything under it.
  const rowId = (node: OutlineNode) => `${idPrefix}-${node.key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const visible = useMemo(() => visibleNodes(roots, expanded), [roots, expanded]);
  const byKey = useMemo(() => new Map(visible.map((node) => [node.key, node])), [visible]);

  // The tab stop stays on a node that is there: after an edit, the outline is built anew.
  const tabStop = active && byKey.has(active) ? active : (selected && byKey.has(selected) ? selected : visible[0]?.key);
  // Only when the selection itself changes: a reader may still close the branch it is in.
  const opened = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (opened.current === selected) return;
    opened.current = selected;
    if (selected && !byKey.has(selected)) {
      // Open the way to a node selected from elsewhere.
      const all = new Map<string, OutlineNode>();
      const walk = (nodes: readonly OutlineNode[]) => nodes.forEach((node) => (all.set(node.key, node), walk(node.children)));
      walk(roots);
      const parents: string[] = [];
      for (let node = all.get(selected); node?.parent; node = all.get(node.parent)) parents.push(node.parent);
      if (parents.length) setExpanded((current) => new Set([...current, ...parents]));
    }
  }, [selected, byKey, roots]);

  const focus = useCallback((key: string | undefined) => {
    if (!key) return;
    setActive(key);
    items.current.get(key)?.focus();
  }, []);

  const toggle = (node: OutlineNode, open: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(node.key);
      else next.delete(node.key);
      return next;
    });

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, node: OutlineNode) {
    const at = visible.indexOf(node);
    const isOpen = expanded.has(node.key);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        focus(visible[at + 1]?.key);
        break;
      case 'ArrowUp':
        focus(visible[at - 1]?.key);
        break;
      case 'Home':
        focus(visible[0]?.key);
        break;
      case 'End':
        focus(visible.at(-1)?.key);
        break;
      case 'ArrowRight':
        if (node.children.length && !isOpen) toggle(node, true);
        else if (node.children.length) focus(node.children[0].key);
        break;
      case 'ArrowLeft':
        if (node.children.length && isOpen) toggle(node, false);
        else focus(node.parent);
        break;
      case 'Enter':
        onSelect(node);
        onActivate?.(node);
        break;
      case ' ':
        onSelect(node);
        break;
      case '*': {
        const siblings = node.parent ? (visible.find((other) => other.key === node.parent)?.children ?? []) : roots;
        setExpanded((current) => new Set([...current, ...siblings.filter((other) => other.children.length).map((other) => other.key)]));
        break;
      }
      default:
        handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  const render = (nodes: readonly OutlineNode[]): ReactNode =>
    nodes.map((node, index) => {
      const isOpen = expanded.has(node.key);
      return (
        <li
          key={node.key}
          ref={(element) => {
            if (element) items.current.set(node.key, element);
            else items.current.delete(node.key);
          }}
          role="treeitem"
          aria-labelledby={rowId(node)}
          aria-level={node.level}
          aria-setsize={nodes.length}
          aria-posinset={index + 1}
          aria-selected={node.key === selected}
          aria-expanded={node.children.length ? isOpen : undefined}
          tabIndex={node.key === tabStop ? 0 : -1}
          className={`sd-tree__item${node.key === selected ? ' sd-tree__item--selected' : ''}`}
          data-key={node.key}
          onKeyDown={(event) => onKeyDown(event, node)}
          onClick={(event) => {
            event.stopPropagation();
            setActive(node.key);
            onSelect(node);
            if (node.children.length && node.target.type === 'group') toggle(node, !isOpen);
          }}
        >
          <span className="sd-tree__row" id={rowId(node)}>
            {node.children.length ? <span aria-hidden="true" className="sd-tree__twisty">{isOpen ? '▾' : '▸'}</span> : null}
            <span className="sd-tree__label">{node.label}</span>
            {node.detail ? <span className="sd-tree__detail"> ({node.detail})</span> : null}
          </span>
          {node.children.length && isOpen ? <ul role="group">{render(node.children)}</ul> : null}
        </li>
      );
    });

  return (
    <ul role="tree" aria-label={label} className="sd-tree">
      {render(roots)}
    </ul>
  );
}
