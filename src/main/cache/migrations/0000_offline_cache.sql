CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY NOT NULL,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY NOT NULL,
	`ticket_id` integer NOT NULL,
	`created_at` text NOT NULL,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `messages_ticket_created_idx` ON `messages` (`ticket_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`client_id` text PRIMARY KEY NOT NULL,
	`ticket_id` integer NOT NULL,
	`state` text NOT NULL,
	`error` text,
	`message` text NOT NULL,
	`file_name` text,
	`file_type` text,
	`file` blob,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `state` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY NOT NULL,
	`uuid` text NOT NULL,
	`status` text NOT NULL,
	`user_id` integer,
	`queue_id` integer,
	`is_group` integer NOT NULL,
	`whatsapp_id` integer,
	`unread` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`contact_name` text NOT NULL,
	`contact_number` text NOT NULL,
	`tag_ids` text NOT NULL,
	`updated_at` text NOT NULL,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tickets_status_updated_idx` ON `tickets` (`status`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `tickets_uuid_idx` ON `tickets` (`uuid`);--> statement-breakpoint
CREATE INDEX `tickets_contact_idx` ON `tickets` (`contact_id`);