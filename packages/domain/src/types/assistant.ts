/** A message of the virtual assistant conversation. */
export interface BotMessage {
  from: 'bot' | 'user';
  message: string;
}

/** Request sent to the virtual assistant. */
export interface BotInteraction {
  interaction: string;
}
