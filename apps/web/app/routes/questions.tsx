import '@mantine/core/styles/Accordion.css';
import { questions } from '@eco/domain/faq';
import {
  Accordion,
  AccordionControl,
  AccordionItem,
  AccordionPanel,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { QuestionReferences } from '../features/questions/QuestionReferences';
import { StaticPage } from '../components/StaticPage';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/questions';

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Preguntas',
    'Preguntas frecuentes sobre EcoAnuncios: cómo publicar, reciclar, contactar y colaborar.',
  );

export default function QuestionsPage() {
  return (
    <StaticPage>
      <Stack gap="md">
        <Stack gap="xs">
          <Title order={1}>Preguntas frecuentes</Title>
          <Text>Las dudas más comunes sobre EcoAnuncios. Toca una pregunta para ver la respuesta.</Text>
        </Stack>
        <Accordion variant="separated" chevronPosition="right">
          {questions.map((entry) => (
            <AccordionItem key={entry.key} value={entry.key} id={entry.key}>
              <AccordionControl>
                <Text component="span" fw={600}>
                  {entry.question}
                </Text>
              </AccordionControl>
              <AccordionPanel>
                <Text>{entry.answer}</Text>
                <QuestionReferences references={entry.references} />
              </AccordionPanel>
            </AccordionItem>
          ))}
        </Accordion>
      </Stack>
    </StaticPage>
  );
}
