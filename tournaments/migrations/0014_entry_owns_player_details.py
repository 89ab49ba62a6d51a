"""Issue 23: what a tournament shows of a player belongs to its entry, frozen at registration.

Each entry gets its own copy of the player's details (name, title, federation, club, ids, birth
year, national rating; its rating for the event when it had none), so an edit or import in one
tournament never changes another. Players get a sex field (rating lists carry it).
"""

from django.db import migrations, models

import tournaments.models.event

DETAILS = ("name", "title", "federation", "club", "fmjd_id", "national_id", "birth_year", "national_rating")


def copy_details(apps, schema_editor):
    Entry = apps.get_model("tournaments", "Entry")
    batch = []
    for entry in Entry.objects.select_related("player").iterator(chunk_size=500):
        for field in DETAILS:
            setattr(entry, field, getattr(entry.player, field))
        if entry.rating is None:
            entry.rating = entry.player.rating
        batch.append(entry)
        if len(batch) >= 500:
            Entry.objects.bulk_update(batch, [*DETAILS, "rating"])
            batch = []
    if batch:
        Entry.objects.bulk_update(batch, [*DETAILS, "rating"])


def details_back(apps, schema_editor):
    """Going back loses nothing that existed before: the players kept their details."""


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0013_rating_lists")]

    operations = [
        migrations.AddField(
            model_name="player", name="sex",
            field=models.CharField(blank=True, choices=[("", "Not given"), ("f", "Female"), ("m", "Male")],
                                   max_length=1, verbose_name="sex"),
        ),
        migrations.AddField(
            model_name="entry", name="name",
            field=models.CharField(default="", help_text="Lastname, Firstname", max_length=200,
                                   validators=[tournaments.models.event.printable], verbose_name="name"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="entry", name="title",
            field=models.CharField(blank=True, max_length=10, validators=[tournaments.models.event.printable],
                                   verbose_name="title"),
        ),
        migrations.AddField(
            model_name="entry", name="federation",
            field=models.CharField(blank=True, max_length=3, verbose_name="federation"),
        ),
        migrations.AddField(
            model_name="entry", name="club",
            field=models.CharField(blank=True, max_length=120, validators=[tournaments.models.event.printable],
                                   verbose_name="club"),
        ),
        migrations.AddField(
            model_name="entry", name="fmjd_id",
            field=models.CharField(blank=True, max_length=20, validators=[tournaments.models.event.printable],
                                   verbose_name="FMJD id"),
        ),
        migrations.AddField(
            model_name="entry", name="national_id",
            field=models.CharField(blank=True, max_length=20, validators=[tournaments.models.event.printable],
                                   verbose_name="national id"),
        ),
        migrations.AddField(
            model_name="entry", name="birth_year",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="birth year"),
        ),
        migrations.AddField(
            model_name="entry", name="sex",
            field=models.CharField(blank=True, choices=[("", "Not given"), ("f", "Female"), ("m", "Male")],
                                   max_length=1, verbose_name="sex"),
        ),
        migrations.AddField(
            model_name="entry", name="national_rating",
            field=models.IntegerField(blank=True, null=True, verbose_name="national rating"),
        ),
        migrations.RunPython(copy_details, details_back),
        migrations.AddIndex(model_name="entry", index=models.Index(fields=["fmjd_id"], name="entry_fmjd_id")),
    ]
