import { ORDER_STATUS_LABELS, type OrderStatus } from '@eco/domain';
import { Badge } from '@mantine/core';

const COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  in_process: 'yellow',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
  refunded: 'grape',
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  return (
    <Badge color={COLORS[status]} variant="light" radius="sm">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
