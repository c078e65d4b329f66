import { QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { DialogHost } from '@/components/ui/dialog-host';
import { PopOutPlayer } from '@/components/ui/pop-out-player';
import { queryClient } from '@/lib/react-query';
import { followSessionAcrossTabs } from '@/lib/session';
import { store } from '@/lib/store';

export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => followSessionAcrossTabs(), []);
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        {children}
        <PopOutPlayer />
        <DialogHost />
      </QueryClientProvider>
    </JotaiProvider>
  );
}
