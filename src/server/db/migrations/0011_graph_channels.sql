ALTER TABLE "whatsapps" ADD COLUMN "facebook_page_id" varchar(64);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "instagram_account_id" varchar(64);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "phone_number_id" varchar(64);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "waba_id" varchar(64);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "graph_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_facebook_page_unique" ON "whatsapps" USING btree ("facebook_page_id") WHERE "whatsapps"."channel" = 'facebook';--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_instagram_account_unique" ON "whatsapps" USING btree ("instagram_account_id") WHERE "whatsapps"."channel" = 'instagram';--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_phone_number_id_unique" ON "whatsapps" USING btree ("phone_number_id") WHERE "whatsapps"."channel" = 'whatsappapi';