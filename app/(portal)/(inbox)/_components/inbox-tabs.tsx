'use client';

import { useRef, type KeyboardEvent } from 'react';
import { counterText, hasCount, NOT_COUNTED, type CounterState } from './counters';
import { TABS, type TabId } from './tabs';

export const tabDomId = (tab: TabId) => `inbox-tab-${tab}`;
export const INBOX_PANEL_ID = 'inbox-panel';

const COUNTER_NAMES: Record<string, string> = { toInvoice: 'to invoice', toCredit: 'to credit' };

/** The inbox tab strip with a counter per tab (WAI-ARIA tabs: arrow keys move between tabs). */
export function InboxTabs({ active, counters, onSelect }: { active: TabId; counters: CounterState; onSelect: (tab: TabId) => void }) {
  const refs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target =
      event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : step ? (index + step + TABS.length) % TABS.length : -1;
    if (target < 0) return;
    event.preventDefault();
    const tab = TABS[target].id;
    refs.current[tab]?.focus();
    onSelect(tab);
  }

  return (
    <div role="tablist" aria-label="Inbox" className="tabs inbox-tabs">
      {TABS.map((tab, index) => {
        const selected = tab.id === active;
        const title =
          tab.counters.length > 1
            ? tab.counters.map((k) => `${counterText(counters, [k])} ${COUNTER_NAMES[k] ?? k}`).join(', ')
            : undefined;
        const text = counterText(counters, tab.counters);
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={tabDomId(tab.id)}
            aria-selected={selected}
            aria-controls={INBOX_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(tab.id)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {tab.label}
            <span
              className={`badge inbox-tabs__count ${hasCount(counters, tab.counters) ? 'badge--accent' : ''}`.trim()}
              data-counter={tab.counters.join(' ')}
              data-counted={text === NOT_COUNTED ? 'false' : 'true'}
              title={title ?? (text === NOT_COUNTED ? 'Not counted yet' : undefined)}
            >
              {text}
            </span>
          </button>
        );
      })}
    </div>
  );
}
