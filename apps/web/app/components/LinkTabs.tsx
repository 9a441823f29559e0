import '@mantine/core/styles/Tabs.css';
import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export type LinkTab<Value extends string> = { value: Value; label: ReactNode; to: string; icon?: ReactNode };

/**
 * Tabs that are links (`?tab=…`): each tab of a list is an address of its own, which works before the page's scripts
 * run, can be shared and opened in a new tab. The page below shows the chosen tab's content itself.
 */
export function LinkTabs<Value extends string>({ value, tabs }: { value: Value; tabs: LinkTab<Value>[] }) {
  return (
    <Tabs value={value}>
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            leftSection={tab.icon}
            renderRoot={({ 'aria-controls': _panel, ...props }) => <Link to={tab.to} {...props} />}
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
