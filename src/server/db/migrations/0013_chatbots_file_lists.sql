CREATE TABLE "chatbots" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"name" varchar(100) NOT NULL,
	"greeting_message" text,
	"queue_type" varchar(20) DEFAULT 'text' NOT NULL,
	"close_ticket" boolean DEFAULT false NOT NULL,
	"opt_queue_id" integer,
	"opt_user_id" integer,
	"opt_integration_id" integer,
	"opt_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_list_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_list_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"path" text,
	"media_type" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "chatbot_id" integer;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_parent_id_chatbots_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chatbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_opt_queue_id_queues_id_fk" FOREIGN KEY ("opt_queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_opt_user_id_users_id_fk" FOREIGN KEY ("opt_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_opt_file_id_file_lists_id_fk" FOREIGN KEY ("opt_file_id") REFERENCES "public"."file_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_list_options" ADD CONSTRAINT "file_list_options_file_list_id_file_lists_id_fk" FOREIGN KEY ("file_list_id") REFERENCES "public"."file_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_lists" ADD CONSTRAINT "file_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_lists" ADD CONSTRAINT "file_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbots_queue_idx" ON "chatbots" USING btree ("queue_id","id");--> statement-breakpoint
CREATE INDEX "chatbots_parent_idx" ON "chatbots" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "file_list_options_list_idx" ON "file_list_options" USING btree ("file_list_id","id");--> statement-breakpoint
CREATE INDEX "file_lists_company_name_idx" ON "file_lists" USING btree ("company_id","name");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_chatbot_id_chatbots_id_fk" FOREIGN KEY ("chatbot_id") REFERENCES "public"."chatbots"("id") ON DELETE set null ON UPDATE no action;