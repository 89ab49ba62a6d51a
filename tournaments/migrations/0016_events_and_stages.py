"""Issue 25: Event -> stage -> round. Every tournament becomes the single stage of an event of its own
(same name, its slug); the tournament's archive identity ``event_id`` is now ``uid``."""

import uuid

import django.db.models.deletion
from django.db import migrations, models

import tournaments.models.event


def one_event_per_tournament(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    Tournament = apps.get_model("tournaments", "Tournament")
    for t in Tournament.objects.order_by("pk").iterator():
        t.event = Event.objects.create(slug=t.slug, name=t.name)
        t.save(update_fields=["event"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0015_player_account")]

    operations = [
        migrations.CreateModel(
            name="Event",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("slug", models.SlugField(max_length=80, unique=True, verbose_name="web address")),
                ("name", models.CharField(max_length=200, validators=[tournaments.models.event.printable],
                                          verbose_name="name")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
            ],
            options={"verbose_name": "event", "verbose_name_plural": "events"},
        ),
        migrations.RenameField(model_name="tournament", old_name="event_id", new_name="uid"),
        migrations.AlterField(
            model_name="tournament", name="uid",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True,
                                   verbose_name="tournament id"),
        ),
        migrations.AddField(
            model_name="tournament", name="event",
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name="stages",
                                    to="tournaments.event", verbose_name="event"),
        ),
        migrations.AddField(model_name="tournament", name="stage",
                            field=models.PositiveSmallIntegerField(default=1, verbose_name="stage")),
        migrations.AddField(
            model_name="tournament", name="group",
            field=models.CharField(blank=True, max_length=20, validators=[tournaments.models.event.printable],
                                   verbose_name="group"),
        ),
        migrations.RunPython(one_event_per_tournament, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tournament", name="event",
            field=models.ForeignKey(blank=True, on_delete=django.db.models.deletion.PROTECT, related_name="stages",
                                    to="tournaments.event", verbose_name="event"),
        ),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.UniqueConstraint(fields=("event", "stage", "group"), name="one_tournament_per_stage_group"),
        ),
    ]
