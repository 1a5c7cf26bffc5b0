ALTER TABLE "companies" ADD COLUMN "schedules" jsonb;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "timezone" varchar(64) DEFAULT 'America/Sao_Paulo' NOT NULL;--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "schedules" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "schedules" jsonb;