"""Rating lists get an owner (whoever imported them first; lists from before: their last importer)
and versions: a list being read is not ``complete`` and no other list's name is taken by it."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def owners_from_importers(apps, schema_editor):
    RatingList = apps.get_model("tournaments", "RatingList")
    RatingList.objects.filter(owner__isnull=True).update(owner=models.F("imported_by"))


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0019_late_entries_and_forfeits'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='ratinglist',
            name='complete',
            field=models.BooleanField(default=True),
        ),
        migrations.AddField(
            model_name='ratinglist',
            name='owner',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL),
        ),
        migrations.AddField(
            model_name='ratinglist',
            name='started_at',
            field=models.DateTimeField(auto_now_add=True, null=True),
        ),
        migrations.AlterField(
            model_name='ratinglist',
            name='name',
            field=models.CharField(max_length=100, verbose_name='name'),
        ),
        migrations.AddConstraint(
            model_name='ratinglist',
            constraint=models.UniqueConstraint(condition=models.Q(('complete', True)), fields=('name',), name='one_rating_list_per_name'),
        ),
        migrations.RunPython(owners_from_importers, migrations.RunPython.noop),
    ]
