"""Tournament.event_id (a stable UUID per event, kept across instances by the archive) and
Entry.uid (an entry's identity in archives) and Document.base_url (the address a stored
document's QR codes point to).

The UUID is added in three steps so existing tournaments each get their own value.
"""

import uuid

from django.db import migrations, models


def give_event_ids(apps, schema_editor):
    for name, field in (("Tournament", "event_id"), ("Entry", "uid")):
        model = apps.get_model("tournaments", name)
        for pk in model.objects.filter(**{f"{field}__isnull": True}).values_list("pk", flat=True):
            model.objects.filter(pk=pk).update(**{field: uuid.uuid4()})


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_tournament_version_documents")]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="event_id",
            field=models.UUIDField(editable=False, null=True, verbose_name="event id"),
        ),
        migrations.AddField(
            model_name="entry",
            name="uid",
            field=models.UUIDField(editable=False, null=True),
        ),
        migrations.RunPython(give_event_ids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="entry",
            name="uid",
            field=models.UUIDField(default=uuid.uuid4, editable=False),
        ),
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.UniqueConstraint(fields=("tournament", "uid"), name="unique_entry_uid"),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="event_id",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True, verbose_name="event id"),
        ),
        migrations.AddField(
            model_name="document",
            name="base_url",
            field=models.CharField(blank=True, max_length=200),
        ),
    ]
