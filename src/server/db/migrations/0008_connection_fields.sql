ALTER TABLE "whatsapps" ADD COLUMN "provider" varchar(20) DEFAULT 'beta' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "expires_ticket" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "expires_inactive_message" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "when_expires_ticket" varchar(1) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "time_inactive_message" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "inactive_message" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "time_send_queue" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "send_id_queue" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "expires_ticket_nps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "greeting_media_attachment" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "collective_vacation_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "collective_vacation_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "collective_vacation_message" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "enable_import_message" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "import_old_messages" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "import_recent_messages" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "import_old_messages_groups" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "closed_tickets_post_imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "queue_id_import_messages" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "status_import_messages" varchar(40) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "prompt_id" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "flow_id_welcome" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "flow_id_not_phrase" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_send_id_queue_queues_id_fk" FOREIGN KEY ("send_id_queue") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_queue_id_import_messages_queues_id_fk" FOREIGN KEY ("queue_id_import_messages") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;