ALTER TABLE "tickets" ADD COLUMN "bot_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "out_of_hours_message" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "max_use_bot_queues" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "time_use_bot_queues" integer DEFAULT 0 NOT NULL;