import { Anchor, Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { interestedText } from './interest-form';
import type { InterestedMember } from './interest.server';

/** For the author (and the super users): who marked "Me interesa", with links to their public profiles. */
export function InterestedMembers({ members, total }: { members: InterestedMember[]; total: number }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="interested-heading">
      <Stack gap="xs">
        <Title order={2} size="h4" id="interested-heading">
          Les interesa
        </Title>
        {total === 0 ? (
          <Text size="sm" c="dimmed">
            Todavía nadie marcó «Me interesa».
          </Text>
        ) : (
          <>
            <Text size="sm">{interestedText(total)}</Text>
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {members.map((member) => (
                <Group key={member._id} gap="xs" component="li" wrap="nowrap">
                  <Avatar src={member.pictureUrl} alt="" size="sm" radius="xl" />
                  <Anchor component={Link} to={member.profileUrl} size="sm">
                    {member.name}
                  </Anchor>
                </Group>
              ))}
            </Stack>
            {total > members.length && (
              <Text size="xs" c="dimmed">
                Y {total - members.length} más.
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
