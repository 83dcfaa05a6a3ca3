import { useState } from 'react';
import { App, Card, Empty, Flex, Modal, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Route } from '@overtone/contract';
import { hasPermission, useSession } from '../../core/session';
import { RouteCard } from './RouteCard';
import { RouteForm } from './RouteForm';
import { createRoute, deleteRoute, invalidateRoutes, updateRoute, useRoutesQuery } from './routesApi';

/**
 * The routes tab of the home screen (spec 000 §2 "Routes tab", needs readRoute): a create-route
 * card (name and a tree of points to pick; createRoute) and the list of route cards with an
 * edit (updateRoute, the same form in a dialog) / delete (deleteRoute, confirmed) menu. What the
 * session lacks is hidden; the server enforces every permission.
 */
export function RoutesTab() {
  const { t } = useTranslation('routes');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const session = useSession();
  const routes = useRoutesQuery(hasPermission(session, 'readRoute'));
  const [editing, setEditing] = useState<Route | null>(null);

  const list = routes.data ?? [];

  return (
    <Flex vertical gap={12} data-testid="routes-tab">
      {hasPermission(session, 'createRoute') && (
        <Card size="small" title={t('createTitle')} style={{ maxWidth: 560 }}>
          <RouteForm
            testId="route-create"
            submitLabel={t('create')}
            resetOnSuccess
            onSubmit={async (body) => {
              await createRoute(body);
              void message.success(t('created'));
              await invalidateRoutes(queryClient);
            }}
          />
        </Card>
      )}
      {routes.isPending && routes.fetchStatus !== 'idle' ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={t('empty')} />
      ) : (
        <Flex wrap gap={12}>
          {list.map((r) => (
            <RouteCard
              key={r._id}
              route={r}
              canEdit={hasPermission(session, 'updateRoute')}
              canDelete={hasPermission(session, 'deleteRoute')}
              onEdit={() => setEditing(r)}
              onDelete={async () => {
                await deleteRoute(r._id);
                void message.success(t('deleted'));
                await invalidateRoutes(queryClient);
              }}
            />
          ))}
        </Flex>
      )}
      <Modal open={Boolean(editing)} title={t('editTitle')} footer={null} onCancel={() => setEditing(null)} destroyOnHidden>
        {editing && (
          <RouteForm
            testId="route-edit"
            initial={{ name: editing.name, points: editing.points }}
            submitLabel={t('save')}
            onCancel={() => setEditing(null)}
            onSubmit={async (body) => {
              await updateRoute(editing._id, body);
              void message.success(t('updated'));
              setEditing(null);
              await invalidateRoutes(queryClient);
            }}
          />
        )}
      </Modal>
    </Flex>
  );
}
